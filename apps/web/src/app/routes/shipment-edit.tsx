import { useParams } from 'react-router';
import { useDocumentTitle } from '@mantine/hooks';
import type { PostalCodeFieldProps } from '@/components/ui/form/geography-fields';
import { paths } from '@/config/paths';
import { RequireUser } from '@/features/accounts/components/route-guards';
import { searchPostalCodes } from '@/features/geography/api/search-postal-codes';
import { PostalCodeAutocomplete } from '@/features/geography/components/postal-code-autocomplete';
import { ServiceSelector } from '@/features/quotes/components/service-selector';
import { isEditPart, type ShipmentEditSlots } from '@/features/shipments/components/edit/edit-slots';
import { ShipmentEdit } from '@/features/shipments/components/edit/shipment-edit';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import NotFoundRoute from './not-found';

/** The edit screens search a postal code once all five digits are typed. */
function FiveDigitPostalCode(props: PostalCodeFieldProps) {
  return <PostalCodeAutocomplete {...props} minChars={5} />;
}

function Edit({ id, part }: { id: string; part: Parameters<typeof ShipmentEdit>[0]['part'] }) {
  const site = useSiteInfo();
  const slots: ShipmentEditSlots = {
    PostalCodeField: FiveDigitPostalCode,
    lookupColonies: (q, o) => searchPostalCodes({ search: q.postalCode, country: q.country }, o),
    renderServiceSelector: (slot) => (
      <ServiceSelector
        request={slot.request}
        supportPhone={site.data?.supportPhone}
        backHref={slot.backHref}
        steps={null}
        title="Elige la paquetería"
        headingLevel={2}
        hideBack
        sendLabel="Elegir"
        onSend={async (option) => {
          await slot.onChoose(option);
          return undefined;
        }}
      />
    ),
  };
  return <ShipmentEdit key={`${id}-${part}`} shipmentId={id} part={part} slots={slots} />;
}

/**
 * /shipments/{id}/edit/{destination|origin|parcels|description|insurance|service-provider}:
 * outside the dashboard layout, for signed-in people.
 */
export default function ShipmentEditRoute() {
  useDocumentTitle('Editar envío · Envíos MX');
  const { id = '', part = '' } = useParams();
  if (!isEditPart(part)) return <NotFoundRoute />;
  return (
    <RequireUser signInHref={paths.signIn}>
      <Edit id={id} part={part} />
    </RequireUser>
  );
}
