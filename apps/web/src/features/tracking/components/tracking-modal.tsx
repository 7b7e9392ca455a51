import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { trackingMessages } from '@envios/contracts/tracking-labels';
import { paths } from '@/config/paths';
import { isFinalTrackingError, isTrackingNotFound, useTracking } from '../api/track-guide';
import { trackingUiMessages } from './tracking-messages';
import { TrackingResultView } from './tracking-result';

function TrackingModalBody({ guide, onClose }: { guide: string; onClose: () => void }) {
  const query = useTracking(guide);

  if (query.isPending) {
    return (
      <Group gap="sm" py="xl" justify="center" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text>{trackingMessages.loading}</Text>
      </Group>
    );
  }
  if (query.isError) {
    if (isTrackingNotFound(query.error)) {
      return (
        <Text py="lg" role="alert">
          {trackingMessages.notFound(guide)}
        </Text>
      );
    }
    return (
      <Stack gap="sm" py="md" role="alert">
        <Text c="dimmed">{isFinalTrackingError(query.error) ? query.error.body.message : trackingUiMessages.failed}</Text>
        {!isFinalTrackingError(query.error) && (
          <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching} style={{ alignSelf: 'flex-start' }}>
            Reintentar
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {query.data.stale && (
        <Alert color="yellow" variant="light">
          {trackingUiMessages.stale}
        </Alert>
      )}
      <TrackingResultView result={query.data} />
      <Anchor component={Link} to={paths.tracking(query.data.guide)} onClick={onClose} fw={600}>
        {trackingUiMessages.share}
      </Anchor>
    </Stack>
  );
}

export interface TrackingModalProps {
  /** The guide looked up; the modal asks for it when opened. */
  guide: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Resultado del Envío': loading, not found or the result; full screen on a phone. */
export function TrackingModal({ guide, opened, onClose }: TrackingModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={trackingMessages.modalTitle}
      size="lg"
      fullScreen={phone ?? false}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      styles={{ title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {guide !== '' && <TrackingModalBody key={guide} guide={guide} onClose={onClose} />}
    </Modal>
  );
}

export default TrackingModal;
