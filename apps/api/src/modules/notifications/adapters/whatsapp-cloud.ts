/**
 * WhatsApp Cloud API client (Meta Graph API, `POST /{phone-number-id}/messages`). A text message
 * reaches a person only inside a 24-hour conversation window; notices the business starts go as
 * an approved template, so the approval notice uses one when WHATSAPP_APPROVAL_TEMPLATE is set.
 */
export interface WhatsAppMessage {
  /** Digits with country code, no plus sign (E.164 without "+"). */
  to: string;
  text: string;
  template?: { name: string; language: string; bodyParameters: string[] };
}

export interface WhatsAppSender {
  send(message: WhatsAppMessage): Promise<{ id: string }>;
}

export class WhatsAppApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code?: number,
  ) {
    super(message);
    this.name = 'WhatsAppApiError';
  }
}

export function createWhatsAppCloudClient(opts: {
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): WhatsAppSender {
  const doFetch = opts.fetch ?? fetch;
  const endpoint = `${opts.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(opts.phoneNumberId)}/messages`;
  return {
    async send(message) {
      const body = message.template
        ? {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.to,
            type: 'template',
            template: {
              name: message.template.name,
              language: { code: message.template.language },
              components: [{ type: 'body', parameters: message.template.bodyParameters.map((text) => ({ type: 'text', text })) }],
            },
          }
        : {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.to,
            type: 'text',
            text: { preview_url: false, body: message.text },
          };
      const response = await doFetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      const data = (await response.json().catch(() => ({}))) as {
        messages?: { id?: string }[];
        error?: { message?: string; code?: number };
      };
      if (!response.ok) {
        throw new WhatsAppApiError(response.status, `WhatsApp respondió ${response.status}: ${data.error?.message ?? 'sin detalle'}`, data.error?.code);
      }
      const id = data.messages?.[0]?.id;
      if (!id) throw new WhatsAppApiError(response.status, 'WhatsApp no devolvió el identificador del mensaje');
      return { id };
    },
  };
}

/** A Mexican 10-digit number gets the country code; numbers already with it stay as they are. */
export function toWhatsAppNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `52${digits}` : digits;
}
