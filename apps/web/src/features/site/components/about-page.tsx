import { IconHeadset, IconShield, IconStore, IconTag } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { CallToAction, ContentPage } from './content-page';
import classes from './content.module.css';

/** '/quienes-somos': who we are and whom we serve (small businesses and online sellers). */
export function AboutPage({ companyName }: { companyName: string }) {
  const values = [
    { icon: <IconTag size={26} />, title: 'Precios claros', text: 'Ves el desglose completo antes de pagar, sin cargos escondidos.' },
    {
      icon: <IconStore size={26} />,
      title: 'Hecho para vender en línea',
      text: 'Conecta tu tienda y convierte tus pedidos en guías sin volver a capturarlos.',
    },
    { icon: <IconShield size={26} />, title: 'Tu dinero, cuidado', text: 'Cada pago se confirma una sola vez, y nunca guardamos los datos de tu tarjeta.' },
    { icon: <IconHeadset size={26} />, title: 'Personas que te ayudan', text: 'Un equipo que te atiende por WhatsApp, teléfono y correo.' },
  ];
  return (
    <ContentPage
      id="nosotros-titulo"
      kicker="Quiénes somos"
      title="Hacemos que enviar sea fácil para los negocios de México"
      lead={`${companyName} es una plataforma mexicana para cotizar, comparar y comprar guías de paquetería en línea, pensada para pequeños negocios, emprendedores y tiendas en línea.`}
      size="lg"
    >
      <h2>Qué hacemos</h2>
      <p>
        Las grandes empresas negocian tarifas especiales con las paqueterías; un negocio que envía unos cuantos paquetes a la semana normalmente paga precio de
        mostrador. Nosotros juntamos el volumen de todos nuestros clientes para que cualquier negocio tenga acceso a mejores tarifas de DHL, FedEx, Redpack,
        Estafeta y AM/PM, desde una sola cuenta.
      </p>
      <h2>A quién servimos</h2>
      <p>
        A quien vende por internet, por redes sociales o en marketplaces; a las tiendas que surten a sus clientes en todo el país; y a los negocios que
        necesitan enviar documentos, muestras o tarimas sin firmar contratos ni comprometer envíos mínimos.
      </p>
      <ul className={`${classes.cards} ${classes.cards2}`}>
        {values.map((v) => (
          <li key={v.title} className={classes.card}>
            <span className={classes.cardIcon}>{v.icon}</span>
            <h3>{v.title}</h3>
            <p>{v.text}</p>
          </li>
        ))}
      </ul>
      <CallToAction text="¿Listo para enviar? Tu cuenta es gratis." to={paths.signUp} label="Registrarme" />
    </ContentPage>
  );
}
