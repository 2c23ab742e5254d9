/**
 * The option labels the dashboard depends on, word for word and in the spec's order, by the lead field
 * (or step) they answer. A lead stores the label the visitor chose; the dashboard's filters, table,
 * details, CSV and WhatsApp messages show and match the stored labels, so an editor may reorder these
 * options but not reword them.
 */
export const dashboardOptionLabels: Record<string, readonly string[]> = {
  occasion: ['Engagement/Wedding', 'Birthday/Gift', 'Anniversary', 'Baby Shower', 'Festival', 'Just Because', 'Other'],
  product_type: ['Ring', 'Pendant', 'Earrings', 'Bracelet', 'Necklace', 'Bangles', 'Other'],
  budget_range: ['Up to ₹50,000', '₹50,000 – ₹1,00,000', '₹1L – ₹2.5L', 'Above ₹2.5L', "💬 I'd prefer to chat first"],
  design_preference: ['Upload Reference Image', 'Handpicked Options', 'Expert Suggestions', 'Other'],
  metal_choice: ['Yellow Gold', 'White Gold', 'Rose Gold', 'Platinum', 'Skip this step'],
  gold_carat: ['14K', '18K', '22K', 'Skip this step'],
  stone_type: ['Lab-Grown', 'Real/Natural', 'Moissanite', 'Other', 'Skip this step'],
  diamond_shape: ['Round', 'Oval', 'Emerald', 'Princess', 'Cushion', 'Pear', 'Heart', 'Other', 'Skip this step'],
  timeline: ['1 Week', '2–4 Weeks', 'Flexible'],
  next_steps: ['🟢 Continue on WhatsApp', '📅 Schedule a Call', '📞 Call Now'],
}
