import { escapeHtml, plainPage } from '../../lib/plain-page';
import type { WechatIdentity } from './wechat.provider';
import type { SandboxScanState } from './wechat.service';

/** The sandbox chat app's 'phone' (lib/plain-page.ts): every value a tester typed is escaped. */

export const WECHAT_SANDBOX_BANNER = '微信沙箱 — 模拟手机扫码确认，仅供测试与演示';

/** A drawn avatar (a circle with the name's first character), as a data URL, for users typed without one. */
export function sandboxAvatar(nickname: string): string {
  const initial = escapeHtml(Array.from(nickname.trim())[0] ?? '微');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="#07c160"/><text x="48" y="62" font-size="40" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Chat-app users a tester can pick; a new one can be typed instead. */
export const SANDBOX_USERS: readonly WechatIdentity[] = [
  { openid: 'sandbox-xiaoming', nickname: '小明', avatar: sandboxAvatar('小明') },
  { openid: 'sandbox-xiaohong', nickname: '小红', avatar: sandboxAvatar('小红') },
  { openid: 'sandbox-aqiang', nickname: '阿强', avatar: sandboxAvatar('阿强') },
];

const STYLE = `
fieldset{border:0;margin:0;padding:0}
legend{font-weight:600;margin-bottom:8px}
.choice{display:flex;align-items:center;gap:12px;padding:10px 12px;border:1px solid #e5e6eb;border-radius:10px;margin-bottom:8px}
.choice img{width:40px;height:40px;border-radius:50%}
.choice input[type=radio]{width:20px;height:20px}
label.field{display:block;margin:8px 0 0;color:#646a73;font-size:14px}
label.field input{display:block;width:100%;margin-top:4px;padding:10px;font-size:16px;border:1px solid #d0d3d6;border-radius:8px}
.confirm{background:#07c160;color:#fff;margin-top:16px}
.hint{color:#646a73;font-size:14px;text-align:center}
`;

const STATE_TEXT = {
  confirmed: '已确认登录，请回到电脑上的页面继续。',
  cancelled: '已取消登录。',
  invalid: '二维码已失效，请在电脑上刷新二维码后重新扫码。',
} as const;

function choice(user: WechatIdentity, index: number): string {
  return `<label class="choice"><input type="radio" name="user" value="${index}"><img src="${escapeHtml(user.avatar)}" alt=""><span>${escapeHtml(user.nickname)}<br><small>${escapeHtml(user.openid)}</small></span></label>`;
}

/** The scan page of one QR code: who signs in (a listed user or a new one) with 确认登录 and 取消, or its state. */
export function scanPage(
  state: SandboxScanState | null,
  actions: { confirm: string; cancel: string },
  newOpenid: string,
): string {
  if (state !== 'open') {
    const text = STATE_TEXT[state ?? 'invalid'];
    return plainPage(
      '微信扫码登录',
      WECHAT_SANDBOX_BANNER,
      `<section class="card"><h1>微信扫码登录</h1><p class="state">${text}</p></section>`,
      STYLE,
    );
  }
  const body = `<section class="card">
<h1>澳中批发商城 请求使用你的微信登录</h1>
<form method="post" action="${escapeHtml(actions.confirm)}">
<fieldset>
<legend>选择模拟的微信用户</legend>
${SANDBOX_USERS.map(choice).join('\n')}
<label class="choice"><input type="radio" name="user" value="new" checked><span>新的微信用户</span></label>
<label class="field">openid<input name="openid" value="${escapeHtml(newOpenid)}" maxlength="64" autocomplete="off"></label>
<label class="field">昵称<input name="nickname" value="新用户" maxlength="50" autocomplete="off"></label>
<label class="field">头像地址（可留空）<input name="avatar" value="" maxlength="500" autocomplete="off" placeholder="https://…"></label>
</fieldset>
<button type="submit" class="confirm">确认登录</button>
</form>
<form method="post" action="${escapeHtml(actions.cancel)}"><button type="submit" class="cancel">取消</button></form>
<p class="hint">沙箱不会连接真实的微信</p>
</section>`;
  return plainPage('微信扫码登录', WECHAT_SANDBOX_BANNER, body, STYLE);
}

/** A page that only says something (a refused form). */
export function sandboxMessagePage(message: string): string {
  return plainPage(
    '微信扫码登录',
    WECHAT_SANDBOX_BANNER,
    `<section class="card"><p class="state">${escapeHtml(message)}</p></section>`,
    STYLE,
  );
}
