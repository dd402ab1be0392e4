import { z } from 'zod';

// Every validation message the shop produces is Chinese (spec §5 generic form messages).
// In a browser zod must not compile its parsers with `new Function`, nor even try: the storefront's
// Content-Security-Policy forbids eval (script-src 'self'), and the browser reports even a caught attempt
// as a violation. Before any schema is built, since zod decides when it builds one.
z.config({ ...z.locales.zhCN(), ...('document' in globalThis ? { jitless: true } : {}) });
