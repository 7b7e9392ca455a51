import { IconGlobe, IconLayers, IconTruck } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { CallToAction, ContentPage } from './content-page';
import classes from './content.module.css';

const SERVICES = [
  {
    id: 'nacional',
    icon: <IconTruck size={28} />,
    title: 'Paquetería nacional',
    text: 'Envía sobres, cajas y paquetes a cualquier código postal de México, con servicios de día siguiente o económicos de 2 a 5 días.',
    points: [
      'Mismo precio de 1 a 5 kg a todo México con el mismo servicio',
      'Entrega a domicilio, incluidas zonas extendidas',
      'Recolección en tu negocio donde el servicio la ofrece',
      'DHL, FedEx, Redpack, Estafeta y AM/PM en una sola cotización',
    ],
  },
  {
    id: 'internacional',
    icon: <IconGlobe size={28} />,
    title: 'Paquetería internacional',
    text: 'Lleva documentos y mercancía a más de 220 países y territorios con paqueterías de alcance mundial.',
    points: ['Cotización al instante por país y código postal', 'Rastreo de punta a punta', 'Te decimos qué documentos pide la aduana'],
  },
  {
    id: 'ltl',
    icon: <IconLayers size={28} />,
    title: 'Carga consolidada (LTL)',
    text: 'Mueve tarimas y carga parcial sin pagar un camión completo: ideal para surtir sucursales o enviar pedidos grandes.',
    points: ['Envío por tarima', 'Carga parcial consolidada (LTL)', 'Atención personalizada para volúmenes recurrentes'],
  },
];

/** '/servicios': national, international (220+ countries) and consolidated LTL freight. */
export function ServicesPage() {
  return (
    <ContentPage
      id="servicios-titulo"
      kicker="Servicios"
      title="Envíos a todo México y al mundo"
      lead="Compara paqueterías, compra tu guía en línea y paga como prefieras. Sin contratos ni envíos mínimos."
      size="lg"
    >
      <ul className={classes.cards}>
        {SERVICES.map((s) => (
          <li key={s.id} id={s.id} className={classes.card}>
            <span className={classes.cardIcon}>{s.icon}</span>
            <h2>{s.title}</h2>
            <p>{s.text}</p>
            <ul>
              {s.points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <h2>Cómo funciona</h2>
      <ol>
        <li>Cotiza con los códigos postales, las medidas y el peso de tu paquete.</li>
        <li>Compara precios y tiempos de entrega, y elige la paquetería.</li>
        <li>Captura las direcciones, paga con PayPal, tarjeta, OXXO o tu Monedero e imprime tu guía.</li>
        <li>Entrega tu paquete o pide la recolección, y síguelo con tu número de guía.</li>
      </ol>
      <CallToAction text="Crea tu cuenta gratis y haz tu primer envío hoy." to={paths.signUp} label="REGÍSTRATE" />
    </ContentPage>
  );
}
