import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { MessagesAdmin } from '@/features/contact/components/messages-admin';

/** 'Mensajes' (admin): `?mensaje={id}` opens one, as the e-mail to support links it. */
export default function MessagesAdminRoute() {
  useDocumentTitle('Mensajes · Envíos MX');
  const [params, setParams] = useSearchParams();
  return <MessagesAdmin openId={params.get('mensaje')} onOpen={(id) => setParams(id ? { mensaje: id } : {})} />;
}
