import { Outlet } from 'react-router';

/** Public pages: navbar, page, footer. */
export function PublicLayout() {
  return (
    <>
      <main id="contenido">
        <Outlet />
      </main>
    </>
  );
}
