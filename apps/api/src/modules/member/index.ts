/** The member module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { createMemberAdminService, type MemberAdminService } from './member.admin';
export { memberCommands } from './member.cli';
export { memberRoutes } from './member.routes';
export { type CodePort, createMemberService, type MemberService } from './member.service';
export { createSessionCache, listenForSessionChanges, sessionsChanged } from './member.sessions';
