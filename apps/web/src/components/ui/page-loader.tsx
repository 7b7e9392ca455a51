import { Center, Loader, Text } from '@mantine/core';

/** A page waiting for data it cannot show without; says so if the data failed. */
export function PageLoader({ label, failed = false }: { label: string; failed?: boolean }) {
  return (
    <Center mih="50vh" p="xl">
      {failed ? <Text role="alert">No pudimos cargar esta página. Revisa tu conexión y vuelve a intentarlo.</Text> : <Loader aria-label={label} />}
    </Center>
  );
}
