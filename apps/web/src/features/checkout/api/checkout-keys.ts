/** Query keys of money: the billing summary and its receipts, the credit balance, one checkout session. */
export const checkoutKeys = {
  billing: ['billing'] as const,
  receipts: ['billing', 'receipts'] as const,
  credits: ['credits'] as const,
  session: (id: string | null) => ['checkout', id] as const,
};
