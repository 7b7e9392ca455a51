import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '@/config/paths';
import { BulkPage } from '@/features/bulk/components/bulk-page';
import { LabelDownload } from '@/features/guides/components/label-download';

/** Envíos masivos: the bulk feature's page with the guides feature's label download. */
export default function BulkRoute() {
  useDocumentTitle('Envíos masivos · Envíos MX');
  const [params, setParams] = useSearchParams();
  const uploadId = params.get('carga');
  return (
    <BulkPage
      uploadId={uploadId}
      onOpen={(id) => setParams(id ? { carga: id } : {})}
      templateHref={(format) => `/api/v1/shipments/bulk/template?format=${format}`}
      payHref={paths.paymentBulk}
      renderLabels={(slot) => <LabelDownload selection={{ bulk: slot.uploadId }} label={slot.label} />}
    />
  );
}
