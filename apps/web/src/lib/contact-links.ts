/** Mexican numbers are ten digits; dialled from anywhere they need the +52 prefix. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  return digits.length === 10 ? `tel:+52${digits}` : `tel:${digits}`;
}

/** A wa.me link (digits only, with country code) that opens a chat with a first message. */
export function whatsappHref(number: string, text?: string): string {
  const base = `https://wa.me/${number.replace(/\D/g, '')}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** '5213312345678' → '33 1234 5678': the ten local digits people recognise. */
export function whatsappDisplay(number: string): string {
  const digits = number.replace(/\D/g, '');
  const local = digits.slice(-10);
  return local.length === 10 ? `${local.slice(0, 2)} ${local.slice(2, 6)} ${local.slice(6)}` : digits;
}
