import { useDocumentTitle } from '@mantine/hooks';
import { useUser } from '@/features/accounts/api/get-me';
import { OverweightPage } from '@/features/overweight/components/overweight-page';

/** /overweight: the signed-in customer's overweight. */
export default function OverweightRoute() {
  useDocumentTitle('Sobrepesos · Envíos MX');
  const user = useUser().data;
  if (!user) return null;
  return <OverweightPage userId={user._id} />;
}
