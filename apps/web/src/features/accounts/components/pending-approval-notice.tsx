import { Alert, Text } from '@mantine/core';
import { accountMessages } from '@envios/contracts/accounts';

/** Shown after sign-up (`?newUser=true`) and when a pending account signs in. */
export function PendingApprovalNotice() {
  return (
    <Alert color="yellow" variant="light" title={accountMessages.pendingTitle} role="status">
      <Text size="sm">{accountMessages.pendingBody}</Text>
    </Alert>
  );
}
