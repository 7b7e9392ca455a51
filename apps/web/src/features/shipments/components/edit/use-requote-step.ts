import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

const STEP_PARAM = 'paso';
const STEP_VALUE = 'paqueteria';

/**
 * Step 2 of an edit: the service choice after a changed postal code or parcels. It
 * has its own address (`?paso=paqueteria`) so 'Regresar' and the browser's back both return to
 * step 1, where the edited values are still filled in.
 */
export function useRequoteStep<T>() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<T | null>(null);
  const onStep2 = params.get(STEP_PARAM) === STEP_VALUE;

  function start(value: T) {
    setPending(value);
    void navigate({ search: `?${STEP_PARAM}=${STEP_VALUE}` }, { replace: onStep2 });
  }

  return {
    /** The edited block waiting for a service, kept while going back and forth. */
    pending,
    /** Step 2 shows only with something to re-quote (a reload there starts at step 1 again). */
    open: onStep2 && pending !== null,
    start,
    step1Href: location.pathname,
  };
}
