/** The wechat module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { wechatSandboxRoutes } from './sandbox.routes';
export { createWechatProvider } from './wechat.providers';
export { wechatRoutes } from './wechat.routes';
export { createWechatService } from './wechat.service';
