import { Link } from 'react-router';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBox } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** Mis Envíos: until the shipments feature lands, the honest empty state. */
export default function ShipmentsRoute() {
  useDocumentTitle('Mis Envíos · Envíos MX');
  return (
    <Stack gap="lg">
      <Title order={1}>Mis Envíos</Title>
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="sm" py="lg">
          <IconBox size={48} />
          <Title order={2} size="h3">
            Aún no tienes envíos
          </Title>
          <Text c="dimmed" ta="center" maw={460}>
            Cotiza tu primer envío desde la página de inicio: compara paqueterías y elige la que más te convenga.
          </Text>
          <Button component={Link} to={paths.home}>
            Cotizar un envío
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
