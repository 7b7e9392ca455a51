import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Container, Text, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBox,
  IconChat,
  IconCheck,
  IconGlobe,
  IconLayers,
  IconMapPin,
  IconPrinter,
  IconShield,
  IconStore,
  IconTag,
  IconTicket,
  IconTruck,
  IconWallet,
} from '@/components/ui/icons';
import { VideoFacade } from '@/components/ui/video-facade';
import { paths } from '@/config/paths';
import { useSiteInfo } from '../api/get-site-info';
import { QUOTE_ANCHOR } from './home-hero';
import classes from './home.module.css';

/**
 * Our how-it-works video on YouTube. Placeholder id until marketing publishes the real video:
 * nothing is requested from YouTube before a visitor presses play.
 */

function SectionHeader({ id, kicker, title, lead }: { id: string; kicker: string; title: string; lead?: ReactNode }) {
  return (
    <header className={classes.sectionHeader}>
      <Text component="p" className={classes.kicker}>
        {kicker}
      </Text>
      <Title order={2} id={id} className={classes.sectionTitle}>
        {title}
      </Title>
      {lead && <Text className={classes.sectionLead}>{lead}</Text>}
    </header>
  );
}

const SELLING_POINTS = [
  {
    icon: <IconTag />,
    title: 'Mismo precio de 1 a 5 kg',
    text: 'Con el mismo servicio, tu paquete de 1 a 5 kg cuesta lo mismo a cualquier código postal de la República.',
  },
  {
    icon: <IconGlobe />,
    title: 'Más de 220 países',
    text: 'Envíos internacionales de documentos y paquetes con rastreo de punta a punta.',
  },
  {
    icon: <IconTicket />,
    title: 'Guías prepagadas con recolección',
    text: 'Compra tus guías por adelantado y agenda que la paquetería pase por tus envíos.',
  },
  {
    icon: <IconStore />,
    title: 'Integración con tu tienda en línea',
    text: 'Conecta WooCommerce y convierte tus pedidos en guías sin volver a capturar datos.',
  },
];

export function SellingPoints() {
  return (
    <section className={classes.section} aria-labelledby="ventajas-titulo">
      <Container size="lg">
        <SectionHeader id="ventajas-titulo" kicker="Por qué Envíos MX" title="Todo lo que tu negocio necesita para enviar" />
        <ul className={classes.cardGrid4}>
          {SELLING_POINTS.map((p) => (
            <li key={p.title} className={classes.card}>
              <span className={classes.cardIcon}>{p.icon}</span>
              <Title order={3} className={classes.cardTitle}>
                {p.title}
              </Title>
              <Text className={classes.cardText}>{p.text}</Text>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

const SERVICES = [
  {
    icon: <IconTruck size={28} />,
    title: 'Envíos nacionales',
    cta: 'Cotizar un envío nacional',
    text: 'Servicio express de día siguiente o económico de 2 a 5 días, a domicilio en todo México, incluidas zonas extendidas.',
    points: ['Entrega a domicilio', 'Recolección en tu negocio', 'Sobres, cajas y paquetes'],
  },
  {
    icon: <IconGlobe size={28} />,
    title: 'Envíos internacionales',
    cta: 'Cotizar un envío internacional',
    text: 'Lleva tus productos a más de 220 países y territorios con paqueterías de alcance mundial.',
    points: ['Documentos y mercancía', 'Rastreo internacional', 'Cotización al instante'],
  },
  {
    icon: <IconLayers size={28} />,
    title: 'Consolidado y LTL',
    cta: 'Cotizar una tarima',
    text: 'Tarimas y carga consolidada para surtir sucursales, mover inventario o enviar pedidos grandes.',
    points: ['Envío por tarima', 'Carga parcial (LTL)', 'Atención personalizada'],
  },
];

export function ServicesSection() {
  return (
    <section className={`${classes.section} ${classes.sectionTinted}`} aria-labelledby="servicios-titulo">
      <Container size="lg">
        <SectionHeader
          id="servicios-titulo"
          kicker="Servicios"
          title="Un servicio para cada envío"
          lead="Desde un sobre hasta una tarima: cotiza con las mismas medidas y elige la paquetería que más te convenga."
        />
        <ul className={classes.cardGrid3}>
          {SERVICES.map((s) => (
            <li key={s.title} className={`${classes.card} ${classes.serviceCard}`}>
              <span className={classes.serviceIcon}>{s.icon}</span>
              <Title order={3} className={classes.cardTitle}>
                {s.title}
              </Title>
              <Text className={classes.cardText}>{s.text}</Text>
              <ul className={classes.checkList}>
                {s.points.map((p) => (
                  <li key={p}>
                    <IconCheck size={16} strokeWidth={2.4} />
                    {p}
                  </li>
                ))}
              </ul>
              <a href={`#${QUOTE_ANCHOR}`} className={classes.cardLink}>
                {s.cta}
                <IconArrowRight size={16} />
              </a>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

const STEPS = [
  { title: 'Cotiza', text: 'Escribe los códigos postales, el peso y las medidas de tu paquete.' },
  { title: 'Elige tu paquetería', text: 'Compara precios y tiempos de entrega de DHL, FedEx, Redpack, Estafeta y AM/PM.' },
  { title: 'Paga y descarga tu guía', text: 'Paga con PayPal, tarjeta, en OXXO o con tu Monedero e imprime tu guía.' },
  { title: 'Envía y rastrea', text: 'Pega la guía en tu paquete, entrégalo o agenda la recolección, y síguelo en línea.' },
];

export function HowItWorksSection() {
  // The video is the operator's (HOW_IT_WORKS_VIDEO_ID); without one the steps stand alone.
  const videoId = useSiteInfo().data?.howItWorksVideoId ?? null;
  return (
    <section className={classes.section} aria-labelledby="como-funciona-titulo">
      <Container size="lg">
        <SectionHeader id="como-funciona-titulo" kicker="Así de fácil" title="¿Cómo funciona?" />
        <div className={classes.howGrid}>
          <ol className={classes.steps}>
            {STEPS.map((s, index) => (
              <li key={s.title} className={classes.step}>
                <span className={classes.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <Title order={3} className={classes.stepTitle}>
                    {s.title}
                  </Title>
                  <Text className={classes.cardText}>{s.text}</Text>
                </div>
              </li>
            ))}
          </ol>
          {videoId && <VideoFacade youtubeId={videoId} title="Cómo enviar un paquete con Envíos MX" />}
        </div>
      </Container>
    </section>
  );
}

const BENEFITS = [
  { icon: <IconBox size={22} />, title: 'Sin contratos ni mínimos', text: 'Envía uno o mil paquetes; pagas solo lo que usas.' },
  { icon: <IconMapPin size={22} />, title: 'Rastreo en línea', text: 'Sigue cada guía desde la recolección hasta la entrega.' },
  { icon: <IconChat size={22} />, title: 'Atención humana', text: 'Te ayudamos por WhatsApp y teléfono de 9:00 a 18:00, lunes a viernes.' },
  { icon: <IconWallet size={22} />, title: 'Pagos seguros', text: 'PayPal, tarjeta vía PayPal, efectivo en OXXO o tu Monedero prepagado.' },
  { icon: <IconShield size={22} />, title: 'Seguro opcional', text: 'Asegura el valor de tu mercancía contra pérdida o daño.' },
  { icon: <IconPrinter size={22} />, title: 'Guías listas para imprimir', text: 'Descarga tu guía en PDF en cuanto se confirma tu pago.' },
];

export function BenefitsSection() {
  return (
    <section className={`${classes.section} ${classes.sectionTinted}`} aria-labelledby="beneficios-titulo">
      <Container size="lg">
        <SectionHeader id="beneficios-titulo" kicker="Beneficios" title="Envía con la tranquilidad de siempre saber dónde está tu paquete" />
        <ul className={classes.benefits}>
          {BENEFITS.map((b) => (
            <li key={b.title} className={classes.benefit}>
              <span className={classes.benefitIcon}>{b.icon}</span>
              <div>
                <Title order={3} className={classes.benefitTitle}>
                  {b.title}
                </Title>
                <Text className={classes.cardText}>{b.text}</Text>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

export function ClosingCta() {
  return (
    <section className={classes.cta} aria-labelledby="cta-titulo">
      <Container size="lg" className={classes.ctaInner}>
        <div>
          <Title order={2} id="cta-titulo" className={classes.ctaTitle}>
            ¿Envías seguido? Crea tu cuenta gratis
          </Title>
          <Text className={classes.ctaText}>Guarda tus direcciones, recarga tu Monedero, consulta tu historial y conecta tu tienda en línea.</Text>
        </div>
        <div className={classes.ctaActions}>
          <Button component={Link} to={paths.signUp} size="md" variant="white" color="brand.9">
            Crear mi cuenta
          </Button>
          <Button component="a" href={`#${QUOTE_ANCHOR}`} size="md" variant="outline" color="white" className={classes.ctaGhost}>
            Cotizar ahora
          </Button>
        </div>
      </Container>
    </section>
  );
}

/** Everything below the first screen, as one piece the home page can load after the form. */
export default function HomeSections() {
  return (
    <>
      <SellingPoints />
      <ServicesSection />
      <HowItWorksSection />
      <BenefitsSection />
      <ClosingCta />
    </>
  );
}
