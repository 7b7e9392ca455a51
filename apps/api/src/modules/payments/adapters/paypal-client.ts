import {
  PaymentProviderError,
  centavosToPayPalValue,
  payPalValueToCentavos,
  type CaptureResult,
  type CaptureStatus,
  type CreateOrderInput,
  type CreatedOrder,
  type OrderDetails,
  type OrderStatus,
  type PaymentProvider,
} from './payment-provider.js';

/**
 * PayPal Orders v2 over HTTP: an OAuth 2.0 client-credentials
 * token (cached until a minute before it expires, fetched once for concurrent callers, renewed
 * once on a 401), orders created with intent CAPTURE, captured and read back. Create and capture
 * carry `PayPal-Request-Id`, so a retry with the same requestId replays PayPal's first answer.
 */
export interface PayPalConfig {
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (or a local fake). */
  baseUrl: string;
  clientId: string;
  secret: string;
  brandName?: string;
  /** Time limit of each HTTP call, ms. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

interface PayPalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string }[];
  /** OAuth errors of the token endpoint. */
  error?: string;
  error_description?: string;
}

interface PayPalCapture {
  id?: string;
  status?: string;
  amount?: { currency_code?: string; value?: string };
  status_details?: { reason?: string };
}

interface PayPalOrder {
  id?: string;
  status?: string;
  links?: { href?: string; rel?: string }[];
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
    payments?: { captures?: PayPalCapture[] };
  }[];
}

interface Answer {
  status: number;
  data: unknown;
  debugId: string | undefined;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** Issues after which the buyer goes back to PayPal to approve again (another instrument). */
const RESTART_ISSUES = new Set(['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED']);
/** Issues that are a refused payment rather than a faulty request. */
const DECLINE_ISSUES = new Set([...RESTART_ISSUES, 'TRANSACTION_REFUSED', 'PAYER_CANNOT_PAY', 'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED']);

const ISSUE_MESSAGES: Readonly<Record<string, string>> = {
  INSTRUMENT_DECLINED: 'PayPal rechazó el método de pago. Elige otro método de pago e inténtalo de nuevo.',
  PAYER_ACTION_REQUIRED: 'PayPal necesita que confirmes el pago de nuevo.',
  TRANSACTION_REFUSED: 'PayPal rechazó la transacción.',
  PAYER_CANNOT_PAY: 'Esta cuenta de PayPal no puede pagar esta orden.',
  MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED: 'Se alcanzó el número máximo de intentos de pago para esta orden.',
  ORDER_NOT_APPROVED: 'El pago aún no ha sido aprobado en PayPal.',
  ORDER_ALREADY_CAPTURED: 'Esta orden de PayPal ya fue cobrada.',
  DUPLICATE_INVOICE_ID: 'PayPal ya registró un pago con esta factura.',
};

const KIND_MESSAGES = {
  declined: 'PayPal rechazó el pago.',
  invalid: 'PayPal no aceptó la solicitud de pago.',
  unavailable: 'PayPal no está disponible en este momento. Intenta de nuevo en unos minutos.',
  auth: 'No fue posible autenticarse con PayPal.',
} as const;

const ORDER_STATUSES = new Set<string>(['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED']);
const CAPTURE_STATUSES = new Set<string>(['COMPLETED', 'DECLINED', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'FAILED']);

/** Turns a PayPal error answer (API shape or OAuth shape) into a PaymentProviderError. */
export function payPalError(status: number, data: unknown, headerDebugId?: string): PaymentProviderError {
  const body = (data && typeof data === 'object' ? data : {}) as PayPalErrorBody;
  const detail = body.details?.[0];
  const issue = detail?.issue ?? body.error;
  const kind =
    status === 401 || status === 403
      ? 'auth'
      : status >= 500 || status === 429 || status === 0
        ? 'unavailable'
        : issue && DECLINE_ISSUES.has(issue)
          ? 'declined'
          : 'invalid';
  return new PaymentProviderError((issue && ISSUE_MESSAGES[issue]) ?? KIND_MESSAGES[kind], {
    kind,
    status,
    errorName: body.name,
    issue,
    description: detail?.description ?? body.error_description ?? body.message,
    debugId: body.debug_id ?? headerDebugId,
  });
}

function firstCapture(order: PayPalOrder): PayPalCapture | undefined {
  return order.purchase_units?.[0]?.payments?.captures?.[0];
}

function mxnCentavos(amount: { currency_code?: string; value?: string } | undefined): number | undefined {
  return amount?.currency_code === 'MXN' ? payPalValueToCentavos(amount.value) : undefined;
}

function orderStatus(value: string | undefined): OrderStatus {
  if (value && ORDER_STATUSES.has(value)) return value as OrderStatus;
  throw new PaymentProviderError(KIND_MESSAGES.unavailable, { kind: 'unavailable', status: 200, description: `Estado de orden desconocido: ${value}` });
}

export function createPayPalClient(config: PayPalConfig): PaymentProvider {
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? Date.now;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base = config.baseUrl.replace(/\/+$/, '');
  let token: { value: string; refreshAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await doFetch(`${base}${path}`, { method, headers: { accept: 'application/json', ...headers }, body, signal });
      const text = await response.text();
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = undefined;
      }
      return { status: response.status, data, debugId: response.headers.get('paypal-debug-id') ?? undefined };
    } catch {
      const timedOut = signal.aborted;
      throw new PaymentProviderError(
        timedOut ? 'PayPal no respondió a tiempo. Intenta de nuevo en unos minutos.' : 'No se pudo conectar con PayPal. Intenta de nuevo en unos minutos.',
        {
          kind: 'unavailable',
          status: 0,
          description: timedOut ? `Sin respuesta en ${timeoutMs} ms` : 'Error de red',
        },
      );
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.secret}`).toString('base64');
    const answer = await send(
      'POST',
      '/v1/oauth2/token',
      { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    const data = answer.data as { access_token?: string; expires_in?: number } | undefined;
    if (answer.status !== 200 || !data?.access_token) {
      // The token endpoint refuses bad credentials with 401 invalid_client (or 400).
      throw payPalError(answer.status === 400 ? 401 : answer.status, answer.data, answer.debugId);
    }
    token = { value: data.access_token, refreshAt: now() + Math.max(0, (data.expires_in ?? 3600) - 60) * 1000 };
    return data.access_token;
  }

  function accessToken(): Promise<string> {
    if (token && now() < token.refreshAt) return Promise.resolve(token.value);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  /** One API call with the bearer token; a 401 drops the token and retries once. */
  async function call(method: string, path: string, options: { body?: unknown; requestId?: string } = {}): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const headers: Record<string, string> = { authorization: `Bearer ${bearer}` };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.requestId !== undefined) headers['paypal-request-id'] = options.requestId;
      if (method === 'POST') headers.prefer = 'return=representation';
      const answer = await send(method, path, headers, options.body === undefined ? undefined : JSON.stringify(options.body));
      if (answer.status === 401 && attempt === 0) {
        if (token?.value === bearer) token = undefined;
        continue;
      }
      return answer;
    }
  }

  function checkRequestId(requestId: string): void {
    if (requestId.length < 1 || requestId.length > 108) {
      throw new PaymentProviderError(KIND_MESSAGES.invalid, { kind: 'invalid', status: 0, description: 'PayPal-Request-Id debe tener de 1 a 108 caracteres' });
    }
  }

  const orderPath = (orderId: string) => `/v2/checkout/orders/${encodeURIComponent(orderId)}`;

  async function getOrder(orderId: string): Promise<OrderDetails> {
    const answer = await call('GET', orderPath(orderId));
    if (answer.status !== 200) throw payPalError(answer.status, answer.data, answer.debugId);
    const order = (answer.data ?? {}) as PayPalOrder;
    const unit = order.purchase_units?.[0];
    const capture = firstCapture(order);
    return {
      orderId: order.id ?? orderId,
      status: orderStatus(order.status),
      referenceId: unit?.reference_id,
      customId: unit?.custom_id,
      amountCentavos: mxnCentavos(unit?.amount),
      capture:
        capture?.id && capture.status && CAPTURE_STATUSES.has(capture.status)
          ? { captureId: capture.id, status: capture.status as CaptureStatus, amountCentavos: mxnCentavos(capture.amount) }
          : undefined,
    };
  }

  return {
    provider: 'paypal',
    sandbox: false,

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      checkRequestId(input.requestId);
      if (input.currency !== 'MXN' || !Number.isSafeInteger(input.amountCentavos) || input.amountCentavos <= 0) {
        throw new PaymentProviderError('El monto a pagar no es válido.', { kind: 'invalid', status: 0 });
      }
      const amount = { currency_code: 'MXN', value: centavosToPayPalValue(input.amountCentavos) };
      const answer = await call('POST', '/v2/checkout/orders', {
        requestId: input.requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.referenceId.slice(0, 256),
              description: input.description.slice(0, 127),
              ...(input.customId ? { custom_id: input.customId.slice(0, 127) } : {}),
              amount,
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                ...(config.brandName ? { brand_name: config.brandName.slice(0, 127) } : {}),
                locale: 'es-MX',
                shipping_preference: 'NO_SHIPPING',
                user_action: 'PAY_NOW',
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
              },
            },
          },
        },
      });
      if (answer.status !== 201 && answer.status !== 200) throw payPalError(answer.status, answer.data, answer.debugId);
      const order = (answer.data ?? {}) as PayPalOrder;
      const approveUrl = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!order.id || !approveUrl) {
        throw new PaymentProviderError(KIND_MESSAGES.unavailable, {
          kind: 'unavailable',
          status: answer.status,
          description: 'La orden llegó sin id o sin enlace de aprobación',
          debugId: answer.debugId,
        });
      }
      return { orderId: order.id, approveUrl, status: orderStatus(order.status) };
    },

    async captureOrder(orderId: string, requestId: string): Promise<CaptureResult> {
      checkRequestId(requestId);
      const answer = await call('POST', `${orderPath(orderId)}/capture`, { requestId, body: {} });
      if (answer.status !== 201 && answer.status !== 200) {
        const error = payPalError(answer.status, answer.data, answer.debugId);
        if (error.issue === 'ORDER_ALREADY_CAPTURED') {
          // Captured before (another request id): answer that capture, never a second one.
          const order = await getOrder(orderId);
          if (order.capture) return { orderId, status: order.capture.status, captureId: order.capture.captureId, amountCentavos: order.capture.amountCentavos };
        }
        if (error.kind !== 'declined') throw error;
        return {
          orderId,
          status: 'DECLINED',
          declined: error.issue !== undefined && RESTART_ISSUES.has(error.issue),
          issue: error.issue,
          description: error.description,
          debugId: error.debugId,
        };
      }
      const capture = firstCapture(answer.data ?? {});
      if (!capture?.id || !capture.status || !CAPTURE_STATUSES.has(capture.status)) {
        // Outcome unknown: the caller reads the order or retries with the same request id.
        throw new PaymentProviderError(KIND_MESSAGES.unavailable, {
          kind: 'unavailable',
          status: answer.status,
          description: 'La captura llegó sin su resultado',
          debugId: answer.debugId,
        });
      }
      return {
        orderId,
        status: capture.status as CaptureStatus,
        captureId: capture.id,
        amountCentavos: mxnCentavos(capture.amount),
        issue: capture.status_details?.reason,
        debugId: answer.debugId,
      };
    },

    getOrder,
  };
}
