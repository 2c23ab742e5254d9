/** The Pipeline tab's words (the dashboard speaks English). */
export const ordersTexts = {
  title: 'Pipeline',
  owner: 'Owner',
  everyone: 'Everyone',
  month: 'Month created',
  allMonths: 'All months',
  empty: 'No orders',
  failed: 'The pipeline could not be loaded.',
  retry: 'Try again',
  advance: 'Advance',
  daysInStage: (days: number) => (days === 1 ? '1 day in stage' : `${days} days in stage`),
  moveTo: (stage: string) => `Move to ${stage}`,
  cancel: 'Cancel order',
  print: 'Print summary',
  advanceTitle: 'Advance received',
  advanceAmount: 'Amount (₹)',
  advanceMode: 'Paid by',
  advanceDate: 'Date received',
  amountInvalid: 'Type an amount in rupees, e.g. 25,000',
  cancelTitle: 'Cancel this order',
  cancelReason: 'Reason',
  confirm: 'Save',
  close: 'Close',
  moved: 'Order moved',
  failedMove: 'The order could not be moved',
} as const

/** What the database's refusals of a move mean, in words. */
export const moveRefusals: Record<string, string> = {
  stage_not_next: 'The order has moved on meanwhile: it goes one stage at a time.',
  order_closed: 'This order is delivered or cancelled: it cannot move any more.',
  advance_out_of_range: "The advance must be more than ₹0 and at most the order's total.",
  invalid_advance_mode: 'Choose how the advance was paid.',
  advance_date_out_of_range: 'The date cannot be in the future, nor more than a year ago.',
  invalid_cancel_reason: 'Give a reason of 1 to 200 characters.',
  order_not_found: 'This order is not yours to move, or is gone.',
}
