/** Query keys of the member feature (CONVENTIONS.md key factory). */
export const memberKeys = {
  all: ['member'] as const,
  current: () => [...memberKeys.all, 'current'] as const,
};
