import { useParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { SandboxPaypal } from '@/features/payments/components/sandbox-paypal';

/** /sandbox/paypal/{orderId}: the local PayPal approval page (sandbox provider only), public like PayPal's. */
export default function SandboxPaypalRoute() {
  useDocumentTitle('PayPal (entorno de pruebas) · Envíos MX');
  const { orderId = '' } = useParams();
  return <SandboxPaypal key={orderId} orderId={orderId} />;
}
