import { useDocumentTitle } from '@mantine/hooks';
import { AddressesPage } from '@/features/addresses/components/addresses-page';
import { PostalCodeAutocomplete } from '@/features/geography/components/postal-code-autocomplete';

/** Direcciones: the saved-address page, with the geography feature's postal-code box in its modal. */
export default function AddressesRoute() {
  useDocumentTitle('Direcciones · Envíos MX');
  return <AddressesPage PostalCodeField={PostalCodeAutocomplete} />;
}
