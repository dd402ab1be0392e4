import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { readCspNonce } from '@/lib/csp-nonce';

// The styles antd injects carry the page's CSP nonce, or the policy refuses them.
const CSP = { nonce: readCspNonce() };

// A reader who asked for less motion gets dialogs, menus and messages without their zoom and slide.
const THEME = {
  token: {
    colorPrimary: '#cf1322',
    borderRadius: 6,
    fontFamily: 'inherit',
    motion: !(
      typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    ),
  },
};

/**
 * Chinese locale and shop colours for the component library. Only lazily loaded modules render it,
 * so the library stays out of the first download (see the size budget in the storefront foundation issue).
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      csp={CSP}
      // Buttons read exactly '登录' / '注册', not the library's spaced '登 录'.
      button={{ autoInsertSpace: false }}
      theme={THEME}
    >
      {children}
    </ConfigProvider>
  );
}
