/** Query keys of the invoice feature (docs/conventions.md key factory). */
export const invoiceKeys = {
  all: ['invoice'] as const,
  documents: () => [...invoiceKeys.all, 'documents'] as const,
  document: (orderId: number) => [...invoiceKeys.documents(), orderId] as const,
};
