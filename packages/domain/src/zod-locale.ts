import { z } from 'zod';

// Every validation message the shop produces is Chinese (spec §5 generic form messages).
z.config(z.locales.zhCN());
