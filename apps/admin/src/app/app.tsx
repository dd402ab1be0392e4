import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { readCspNonce } from '@/lib/csp-nonce';
import { setMessageInstance } from '@/lib/notify';

dayjs.locale('zh-cn');

// antd's injected styles carry the page's CSP nonce, or the policy refuses them (ADR 008).
const CSP = { nonce: readCspNonce() };

/** Hands antd's message API (inside its App context) to lib/notify for handlers outside React. */
function MessageBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setMessageInstance(message);
    return () => setMessageInstance(undefined);
  }, [message]);
  return null;
}

// A staff member who asked for less motion gets dialogs, menus and messages without their zoom and slide.
const THEME = {
  token: {
    colorPrimary: '#cf1322',
    borderRadius: 6,
    motion: !(
      typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    ),
  },
};

/** antd in Chinese with the console's theme, and its App context for messages and confirmations. */
export function ConsoleTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} csp={CSP} button={{ autoInsertSpace: false }} theme={THEME}>
      {/* Toasts below the header bar: never over the account menu or the page's own buttons at the top. */}
      <AntdApp message={{ top: 72 }}>
        <MessageBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: DataRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConsoleTheme>
        <RouterProvider router={router} />
      </ConsoleTheme>
    </QueryClientProvider>
  );
}
