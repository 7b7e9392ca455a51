import { useId, useState } from 'react';
import { Badge, Button, CloseButton, Group, Popover, Text, VisuallyHidden } from '@mantine/core';
import { transitTextForService } from '@envios/contracts/carriers';
import { formatMXN, toCentavos } from '@envios/contracts/money';
import { REMOTE_AREA_LABEL, type ShippingOption } from '@envios/contracts/quotes';
import { IconClock, IconMapPin, IconReceipt } from '@/components/ui/icons';
import { formatLongDay } from '@/lib/dates';
import classes from './service-selector.module.css';

/** Amounts travel as decimal MXN; shown as MX$ with two decimals. */
export function mxn(pesos: number): string {
  return formatMXN(toCentavos(pesos));
}

function guidesLabel(n: number): string {
  return n === 1 ? '1 guía' : `${n} guías`;
}

export interface ServiceOptionCardProps {
  option: ShippingOption;
  cheapest?: boolean;
  fastest?: boolean;
  /** The option chosen before signing in. */
  chosen?: boolean;
  sending?: boolean;
  onSend: (option: ShippingOption) => void;
  /** The button's text (default 'Enviar'; the edit screens choose with another word). */
  sendLabel?: string | undefined;
}

/** Each charge, the number of guides and the total. */
function Breakdown({ option, titleId, onClose }: { option: ShippingOption; titleId: string; onClose: () => void }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text id={titleId} fw={800} c="#0b1f4d" size="sm">
          Desglose del precio
        </Text>
        <CloseButton size="sm" onClick={onClose} aria-label="Cerrar desglose" />
      </Group>
      <Text size="xs" c="dimmed" mb={8}>
        {option.carrier} · {option.carrier_service_name} · {option.billable_weight_kg} kg facturables
      </Text>
      <table className={classes.breakdown}>
        <tbody>
          {option.services.map((line, i) => (
            <tr key={`${line.code}-${i}`}>
              <th scope="row">
                {line.service_name}
                <span className={classes.lineDetail}>
                  {mxn(line.price)} × {line.quantity}
                </span>
              </th>
              <td>{mxn(line.amount)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Cantidad de guías</th>
            <td>{option.guides}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{mxn(option.total_amount)}</td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}

/** One shipping option: logo, service, transit text, price × guides, breakdown, 'Enviar'. */
export function ServiceOptionCard({
  option,
  cheapest = false,
  fastest = false,
  chosen = false,
  sending = false,
  onSend,
  sendLabel = 'Enviar',
}: ServiceOptionCardProps) {
  const id = useId();
  const titleId = `${id}-titulo`;
  const breakdownTitleId = `${id}-desglose`;
  const name = `${option.carrier} ${option.carrier_service_name}`;
  const [breakdownOpen, setBreakdownOpen] = useState(false);

  return (
    <article className={`${classes.card} ${chosen ? classes.cardChosen : ''}`} aria-labelledby={titleId}>
      <img src={option.carrier_logo_url_svg} alt={option.carrier} width={88} height={35} className={classes.logo} loading="lazy" />
      <div className={classes.info}>
        <h3 id={titleId} className={classes.serviceName}>
          <VisuallyHidden>{option.carrier} </VisuallyHidden>
          {option.carrier_service_name}
        </h3>
        <div className={classes.meta}>
          <span className={`${classes.metaItem} ${classes.transit}`}>
            <IconClock size={16} />
            {transitTextForService(option.carrier_service_name, option.total_transit_days)}
          </span>
          <span className={classes.metaItem}>Entrega estimada: {formatLongDay(option.estimated_delivery)}</span>
        </div>
        <div className={classes.badges}>
          {cheapest && (
            <Badge color="green" variant="light" radius="sm">
              Más económico
            </Badge>
          )}
          {fastest && (
            <Badge color="brand" variant="light" radius="sm">
              Más rápido
            </Badge>
          )}
          {option.is_remote && (
            <Badge color="orange" variant="light" radius="sm" leftSection={<IconMapPin size={13} />}>
              {REMOTE_AREA_LABEL}
            </Badge>
          )}
          {chosen && (
            <Badge color="brand" variant="filled" radius="sm">
              Tu elección
            </Badge>
          )}
        </div>
      </div>
      <div className={classes.priceArea}>
        <div className={classes.price}>
          <div className={classes.perGuide}>
            {option.price_per_guide === null ? guidesLabel(option.guides) : `${mxn(option.price_per_guide)} × ${guidesLabel(option.guides)}`}
          </div>
          <div className={classes.total}>
            <VisuallyHidden>Total: </VisuallyHidden>
            {mxn(option.total_amount)}
          </div>
          {option.overweight_amount > 0 && (
            <Text size="xs" c="orange.8">
              Incluye sobrepeso anterior: {mxn(option.overweight_amount)}
            </Text>
          )}
        </div>
        <div className={classes.actions}>
          <Popover opened={breakdownOpen} onChange={setBreakdownOpen} width={320} position="bottom-end" shadow="md" withArrow returnFocus closeOnEscape>
            <Popover.Target>
              <Button
                variant="subtle"
                size="sm"
                px={10}
                leftSection={<IconReceipt size={16} />}
                aria-label={`Ver desglose de ${name}`}
                onClick={() => setBreakdownOpen((o) => !o)}
                // Focus stays on the button (a non-modal popover): Escape closes from here too.
                onKeyDown={(event) => {
                  if (event.key === 'Escape' && breakdownOpen) {
                    event.stopPropagation();
                    setBreakdownOpen(false);
                  }
                }}
              >
                Desglose
              </Button>
            </Popover.Target>
            <Popover.Dropdown aria-labelledby={breakdownTitleId}>
              <Breakdown option={option} titleId={breakdownTitleId} onClose={() => setBreakdownOpen(false)} />
            </Popover.Dropdown>
          </Popover>
          <Button size="md" onClick={() => onSend(option)} loading={sending} aria-label={`${sendLabel} con ${name}`}>
            {sendLabel}
          </Button>
        </div>
      </div>
    </article>
  );
}
