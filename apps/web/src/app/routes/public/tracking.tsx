import { useParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { TrackSearch } from '@/components/layouts/track-search';
import { TrackingPage } from '@/features/tracking/components/tracking-page';
import '@/styles/pages/tracking.css';

/** /rastreo/{guide}: the shareable tracking page (beyond the spec), public. */
export default function TrackingRoute() {
  const { guide = '' } = useParams();
  useDocumentTitle(`Rastreo ${guide} · Envíos MX`);
  // An unknown guide offers a new search, which opens this page for the guide typed.
  return <TrackingPage key={guide} guide={guide} searchSlot={<TrackSearch />} />;
}
