import { useDocumentTitle } from '@mantine/hooks';
import { OverweightReport } from '@/features/overweight/components/overweight-report';

export default function OverweightReportRoute() {
  useDocumentTitle('Reporte Sobrepesos · Envíos MX');
  return <OverweightReport />;
}
