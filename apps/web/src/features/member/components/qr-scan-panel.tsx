import { ReloadOutlined } from '@ant-design/icons';
import type { QrPurpose, QrScanStatus } from '@shop/domain';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useQrScan } from '../api/check-qr-scan';
import { useQrCode } from '../api/get-qr-code';
import '../qr-login.css';

export interface ScannedUser {
  nickname: string;
  avatar: string;
}

export interface QrScanPanelProps {
  purpose: QrPurpose;
  /** A bound chat-app user confirmed: the member's token (sign-in). */
  onSignedIn?: (token: string) => void;
  /** An unbound chat-app user confirmed (or any, when binding): the ticket to bind with, and who it is. */
  onNeedBind: (ticket: string, user: ScannedUser) => void;
}

/** mm:ss of a number of seconds. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds left until `deadline` (ms), ticking once a second. */
function useSecondsLeft(deadline: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === undefined ? undefined : Math.max(0, (deadline - now) / 1000);
}

const OVERLAY_TEXT: Partial<Record<QrScanStatus | 'expired', string>> = {
  scanned: '扫码成功，请在手机上确认',
  cancelled: '已取消，请刷新二维码',
  invalid: '二维码已失效',
  expired: '二维码已失效',
  success: '登录成功，页面即将刷新…',
  needBind: '已确认',
};

/**
 * A QR code of the chat app's sign-in (spec §4 'QR scan check'): the code with a countdown, polled every 2 s;
 * 'scanned, confirm on your phone' once scanned; a refresh when it expired, was cancelled or failed.
 */
export function QrScanPanel({ purpose, onSignedIn, onNeedBind }: QrScanPanelProps) {
  const [round, setRound] = useState(0);
  const qr = useQrCode(purpose, round);
  const deadline = qr.data ? qr.dataUpdatedAt + qr.data.expiresIn * 1000 : undefined;
  const secondsLeft = useSecondsLeft(deadline);
  const expired = secondsLeft !== undefined && secondsLeft <= 0;
  const scan = useQrScan(qr.data?.ticket, !expired);
  const status = scan.data?.status;
  const reported = useRef<string | null>(null);

  useEffect(() => {
    const ticket = qr.data?.ticket;
    if (!ticket || !scan.data || reported.current === ticket) return;
    if (scan.data.status === 'success' && scan.data.token) {
      reported.current = ticket;
      onSignedIn?.(scan.data.token);
    } else if (scan.data.status === 'needBind') {
      reported.current = ticket;
      onNeedBind(ticket, { nickname: scan.data.nickname ?? '', avatar: scan.data.avatar ?? '' });
    }
  }, [qr.data?.ticket, scan.data, onSignedIn, onNeedBind]);

  const refresh = () => setRound((r) => r + 1);
  const failed = qr.error ?? scan.error;
  const shownStatus: QrScanStatus | 'expired' | undefined =
    status === 'waiting' || status === undefined ? (expired ? 'expired' : undefined) : status;
  const overlay = shownStatus ? OVERLAY_TEXT[shownStatus] : undefined;
  const canRefresh =
    failed !== null || shownStatus === 'expired' || shownStatus === 'invalid' || shownStatus === 'cancelled';

  return (
    <div className="qr-panel" data-status={failed ? 'error' : (shownStatus ?? 'waiting')}>
      <div className="qr-frame">
        {qr.isPending && <div className="qr-placeholder" role="status" aria-label="二维码加载中" />}
        {qr.data?.provider === 'sandbox' && (
          <img className="qr-image" src={qr.data.qrImage} alt="微信扫码登录二维码" />
        )}
        {qr.data?.provider === 'open' && (
          <a className="qr-open-link" href={qr.data.scanUrl} target="_blank" rel="noopener">
            打开微信扫码页
          </a>
        )}
        {(overlay || failed) && (
          <div className="qr-overlay" role="status">
            <p>{failed ? failed.message : overlay}</p>
            {canRefresh && (
              <Button type="primary" icon={<ReloadOutlined />} onClick={refresh}>
                刷新二维码
              </Button>
            )}
          </div>
        )}
      </div>
      <p className="qr-hint">{purpose === 'login' ? '请使用微信扫一扫登录' : '请使用要绑定的微信扫一扫'}</p>
      {qr.data && secondsLeft !== undefined && !expired && (
        <p className="qr-countdown">二维码 {formatCountdown(secondsLeft)} 后失效</p>
      )}
      {qr.data?.provider === 'sandbox' && (
        <p className="qr-sandbox">
          沙箱模式：不连接真实微信 ·{' '}
          <a href={qr.data.scanUrl} target="_blank" rel="noopener">
            打开模拟扫码页
          </a>
        </p>
      )}
    </div>
  );
}
