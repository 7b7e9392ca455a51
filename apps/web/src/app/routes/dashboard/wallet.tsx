import { useDocumentTitle } from '@mantine/hooks';
import { useUser } from '@/features/accounts/api/get-me';
import { InvoiceLinkCell } from '@/features/invoices/components/invoice-link';
import { WalletPage } from '@/features/wallet/components/wallet-page';

export default function WalletRoute() {
  useDocumentTitle('Monedero · Envíos MX');
  const user = useUser().data;
  // The dashboard layout renders its pages only with a signed-in user.
  if (!user) return null;
  return (
    <WalletPage
      userId={user._id}
      // A top-up paid with money (not an admin's credit) has its invoice.
      invoiceFor={(entry) =>
        entry.type === 'abono' && entry.status && entry.provider !== 'admin' ? <InvoiceLinkCell target={{ walletEntry: entry._id }} /> : null
      }
    />
  );
}
