/** The captcha module's face (docs/design.md 'Modules and their faces'): code outside the module imports only this. */

export { captchaRoutes } from './captcha.routes';
export { createCaptchaService } from './captcha.service';
