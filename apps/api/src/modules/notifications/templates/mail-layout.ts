/*
 * What every e-mail shares: the HTML and plain-text layouts, the escaping of what a person typed
 * and the footer. The templates live beside it, one file per area.
 */

/**
 * One e-mail, as HTML and plain text. Anything a person typed (names) is escaped for HTML and
 * stripped of control characters before it reaches a template.
 */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function clean(value: string): string {
  return value.replace(/\p{Cc}/gu, ' ').trim();
}

export const BRAND = 'Envíos MX';

const NO_REPLY = 'Este correo se envió automáticamente; no respondas a este mensaje.';
const CAN_REPLY = 'Puedes responder a este correo.';

export function layout(opts: { title: string; paragraphs: string[]; action?: { label: string; url: string }; footnote?: string; canReply?: boolean }): string {
  const body = opts.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${p}</p>`).join('\n');
  const action = opts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#1c4fd8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(opts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Si el botón no funciona, copia esta dirección en tu navegador:<br><span style="word-break:break-all">${escapeHtml(opts.action.url)}</span></p>`
    : '';
  const footnote = opts.footnote ? `<p style="margin:24px 0 0;font-size:12px;color:#777">${opts.footnote}</p>` : '';
  return `<!doctype html>
<html lang="es-MX">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#1c4fd8">${escapeHtml(opts.title)}</h1>
${body}
${action}
${footnote}
</div>
<p style="text-align:center;font-size:12px;color:#777;margin-top:16px">${BRAND} · ${opts.canReply ? CAN_REPLY : NO_REPLY}</p>
</div>
</body>
</html>`;
}

export function textLayout(lines: string[], canReply = false): string {
  return `${lines.join('\n\n')}\n\n--\n${BRAND} · ${canReply ? CAN_REPLY : NO_REPLY}\n`;
}
