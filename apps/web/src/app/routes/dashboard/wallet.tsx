import { useDocumentTitle } from '@mantine/hooks';
import { useUser } from '@/features/accounts/api/get-me';
import { WalletPage } from '@/features/wallet/components/wallet-page';

export default function WalletRoute() {
  useDocumentTitle('Monedero · Envíos MX');
  const user = useUser().data;
  // The dashboard layout renders its pages only with a signed-in user.
  if (!user) return null;
  return <WalletPage userId={user._id} />;
}
