/** The approvals feature's public surface: what other features, workflows and the app import from it. */
export { approvedInConfirm } from './decided.ts';
export { assertNotLocked, cartLocked, checkSpending, NeedsApproval } from './limits.ts';
export {
  approvalById,
  approvalOrders,
  approvalsOfOrganisation,
  latestApprovalOf,
  lockCartOf,
  pendingApprovalOf,
  pendingApprovalsOfMember,
  userEmail,
} from './queries.ts';
export { LimitsForm, RejectForm } from './schemas.ts';
export { localeOf, reject, requestApproval, setMemberLimits, tOf, withdraw } from './service.ts';
export type { Admin, ApprovalChoice, Mail } from './service.ts';
