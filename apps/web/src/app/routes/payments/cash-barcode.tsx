import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { OxxoSlip } from '@/features/payments/components/oxxo-slip';
import { readCommaList } from '@/features/payments/utils/payable';

/** /shipping/cash_barcode?references=A,B: a page of its own, made to print. */
export default function CashBarcodeRoute() {
  useDocumentTitle('Ficha de pago OXXO · Envíos MX');
  const [params] = useSearchParams();
  const references = readCommaList(params.get('references'));
  return (
    <RequireUser signInHref={paths.signIn}>
      <OxxoSlip references={references} />
    </RequireUser>
  );
}
