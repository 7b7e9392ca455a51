import { formatMXN } from '@envios/contracts/money';
import { walletErrorCodes } from '@envios/contracts/wallet';
import { errorCodes } from '@envios/contracts/errors';
import { AppError } from '../../shared/errors.js';

export const walletErrors = {
  notFound: () => new AppError(404, walletErrorCodes.notFound, 'El movimiento del monedero no existe.'),
  alreadyPaid: () => new AppError(409, walletErrorCodes.alreadyPaid, 'Este abono ya está pagado y no se puede eliminar.'),
  insufficientBalance: (balanceCentavos: number, amountCentavos: number) =>
    new AppError(
      409,
      walletErrorCodes.insufficientBalance,
      `Saldo insuficiente en tu monedero: tienes ${formatMXN(balanceCentavos)} y el total a pagar es ${formatMXN(amountCentavos)}.`,
    ),
  unknownUser: (path: string) => {
    const message = 'No existe una cuenta con ese identificador de usuario.';
    return new AppError(400, errorCodes.validation, message, [{ path, message }]);
  },
};
