/** An order's stages in the order it moves through them; cancelled is apart, from any stage but delivered. */
export const orderStages = ['approved', 'advance_received', 'in_production', 'ready', 'delivered'] as const
export const allOrderStages = [...orderStages, 'cancelled'] as const
export type OrderStage = (typeof allOrderStages)[number]

/** How the dashboard names each stage. */
export const orderStageLabels: Record<OrderStage, string> = {
  approved: 'Quote approved',
  advance_received: 'Advance received',
  in_production: 'In production',
  ready: 'Ready',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

/** How an advance was paid, as the database accepts it, and how the dashboard names each way. */
export const advanceModes = ['cash', 'upi', 'card', 'bank_transfer', 'cheque'] as const
export type AdvanceMode = (typeof advanceModes)[number]

export const advanceModeLabels: Record<AdvanceMode, string> = { cash: 'Cash', upi: 'UPI', card: 'Card', bank_transfer: 'Bank transfer', cheque: 'Cheque' }

/** A stage's label, or the text as it is for one this build does not know. */
export const stageLabel = (stage: string) => (Object.hasOwn(orderStageLabels, stage) ? orderStageLabels[stage as OrderStage] : stage)

/** An advance mode's label, or the text as it is for one this build does not know. */
export const advanceModeLabel = (mode: string) => (Object.hasOwn(advanceModeLabels, mode) ? advanceModeLabels[mode as AdvanceMode] : mode)
