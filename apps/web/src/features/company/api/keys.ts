/** Query keys of the company feature (docs/conventions.md key factory). */
export const companyKeys = {
  all: ['company'] as const,
  /** detail/: the member's company, role, own limits and the invites waiting for them. */
  detail: () => [...companyKeys.all, 'detail'] as const,
  /** members/: the company's members (and open invites for an admin). */
  members: () => [...companyKeys.all, 'members'] as const,
  /** approval/list/: the approvals the member may see, per filter and page. */
  approvals: (params: object) => [...companyKeys.all, 'approvals', params] as const,
  /** statement/list/: the company's account invoices, credit and totals (对账单, issue #38). */
  statements: () => [...companyKeys.all, 'statement'] as const,
  /** One page of the statement, per state, currency and page. */
  statement: (params: object) => [...companyKeys.statements(), params] as const,
};
