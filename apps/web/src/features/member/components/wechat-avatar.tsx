import { useState } from 'react';

/**
 * A chat-app user's picture, or the first character of their name when there is none or it cannot be shown (an
 * address the shop's content policy does not allow).
 */
export function WechatAvatar({ avatar, nickname }: { avatar: string; nickname: string }) {
  const [broken, setBroken] = useState(false);
  if (avatar && !broken)
    return (
      <img
        className="wechat-avatar"
        src={avatar}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
      />
    );
  return (
    <span className="wechat-avatar wechat-avatar-initial" aria-hidden="true">
      {Array.from(nickname.trim())[0] ?? '微'}
    </span>
  );
}
