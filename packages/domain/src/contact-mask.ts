/** How the shop shows a member's phone number or e-mail address where others may see it. */

/** +86 138****0000, +61 412***678: enough for the member to recognise, too little for anyone else. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  const cc = phone.startsWith('+86') ? '+86' : phone.startsWith('+61') ? '+61' : '';
  const rest = phone.slice(cc.length);
  return `${cc} ${rest.slice(0, 3)}${'*'.repeat(Math.max(0, rest.length - 6))}${rest.slice(-3)}`.trim();
}

/** t***@example.com */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return email ? '***' : '';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
