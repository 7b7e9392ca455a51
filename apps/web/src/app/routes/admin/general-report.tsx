import { useDocumentTitle } from '@mantine/hooks';
import { EditOverweightModal } from '@/features/overweight/components/edit-overweight-modal';
import { GeneralReport } from '@/features/reports/components/general-report';

/** /general_report (admin): the report, with the overweight editor composed in from its own feature. */
export default function GeneralReportRoute() {
  useDocumentTitle('Reporte General · Envíos MX');
  return (
    <GeneralReport
      overweightEditor={({ row, onClose, onSaved }) => (
        <EditOverweightModal
          target={{
            _id: row._id,
            numberOfOrder: row.numberOfOrder,
            customer: `${row.customer_info.first_names} ${row.customer_info.last_names}`.trim(),
            service: `${row.carrier} - ${row.carrier_service_name}`,
            overweight: row.overweight,
            cost_overweight: row.cost_overweight,
            overweight_paid: row.overweight_paid,
            overweight_status: row.overweight_status,
          }}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    />
  );
}
