import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useUser } from '../api/get-me';

function Loading() {
  return (
    <Center mih="50vh" role="status" aria-label="Cargando tu sesión">
      <Loader />
    </Center>
  );
}

function signInPath(signInHref: string, returnTo: string): string {
  return `${signInHref}?redirectTo=${encodeURIComponent(returnTo)}`;
}

export interface GuardProps {
  signInHref: string;
  children?: ReactNode;
}

/** Signed-in area: a visitor goes to sign-in and comes back here afterwards. */
export function RequireUser({ signInHref, children }: GuardProps) {
  const location = useLocation();
  const { data: user, isPending } = useUser();
  if (isPending) return <Loading />;
  if (!user) return <Navigate to={signInPath(signInHref, `${location.pathname}${location.search}`)} replace />;
  return <>{children ?? <Outlet />}</>;
}

/** Admin area: signed-in admins only; others see why they cannot be here. */
export function RequireAdmin({ signInHref, homeHref, children }: GuardProps & { homeHref: string }) {
  const location = useLocation();
  const { data: user, isPending } = useUser();
  if (isPending) return <Loading />;
  if (!user) return <Navigate to={signInPath(signInHref, `${location.pathname}${location.search}`)} replace />;
  if (user.rol !== 'admin') {
    return (
      <Container size="sm" py={60}>
        <Stack align="center">
          <Title order={1}>Acceso restringido</Title>
          <Text c="dimmed" ta="center">
            Esta sección es solo para administradores.
          </Text>
          <Button component={Link} to={homeHref}>
            Volver a mis envíos
          </Button>
        </Stack>
      </Container>
    );
  }
  return <>{children ?? <Outlet />}</>;
}

/**
 * Sign-in and sign-up are for visitors; a signed-in person is sent on. `showWhileChecking`: the
 * page shows while the session is checked (the prerendered /signin hydrates as the server drew it).
 */
export function RedirectIfSignedIn({ to, children, showWhileChecking = false }: { to: string; children: ReactNode; showWhileChecking?: boolean }) {
  const { data: user, isPending } = useUser();
  if (isPending) return showWhileChecking ? <>{children}</> : <Loading />;
  if (user) return <Navigate to={to} replace />;
  return <>{children}</>;
}
