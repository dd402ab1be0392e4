/** The company module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { type CompanyAdminService, createCompanyAdminService } from './company.admin';
export {
  type ApprovalNeed,
  type ApprovalRow,
  type ApprovalScope,
  adminIds,
  approvalNeed,
  decideApproval,
  findApproval,
  insertApproval,
  isMemberOf,
  lapsedApprovals,
  listApprovals,
  lockBuyer,
  withdrawApproval,
} from './company.approvals';
export { companyConsoleRoutes } from './company.console.routes';
export { priceLevelSql } from './company.repository';
export { companyRoutes } from './company.routes';
export {
  type CompanyMemberPort,
  type CompanyService,
  createCompanyService,
  memberActor,
} from './company.service';
