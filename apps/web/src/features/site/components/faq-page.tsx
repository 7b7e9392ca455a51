import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { VOLUMETRIC_DIVISOR } from '@envios/contracts/parcel-rules';
import { paths } from '@/config/paths';
import { ContentPage } from './content-page';
import { VolumetricCalculator } from './volumetric-calculator';
import classes from './content.module.css';

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

/**
 * '/preguntas-frecuentes': the answers open and close without JavaScript (<details>), and the
 * calculator applies the quote's own weight rule.
 */
export function FaqPage({ supportHours }: { supportHours: string }) {
  const questions: Question[] = [
    {
      id: 'por-que-mejores-tarifas',
      question: '¿Por qué sus tarifas son más bajas que en el mostrador?',
      answer: (
        <p>
          Porque juntamos el volumen de envíos de muchos negocios y negociamos tarifas por volumen con cada paquetería. Además comparas en una sola búsqueda
          DHL, FedEx, Redpack, Estafeta y AM/PM, y eliges la que más te conviene por precio o por tiempo de entrega.
        </p>
      ),
    },
    {
      id: 'como-se-calcula',
      question: '¿Cómo se calcula el costo de mi envío?',
      answer: (
        <>
          <p>
            Las paqueterías cobran por el <strong>mayor</strong> entre el peso real de tu paquete y su peso volumétrico, que mide el espacio que ocupa:
          </p>
          <p className={classes.formula}>Peso volumétrico (kg) = largo × ancho × alto (cm) / {VOLUMETRIC_DIVISOR}</p>
          <p>
            Por ejemplo, una caja de 50 × 40 × 30 cm tiene un peso volumétrico de 12 kg: aunque pese 3 kg, se cobra como 12 kg. El resultado se redondea al kilo
            siguiente. Pruébalo con la calculadora de abajo.
          </p>
        </>
      ),
    },
    {
      id: 'sobrepeso',
      question: '¿Qué pasa si mi paquete pesa o mide más de lo que declaré?',
      answer: (
        <p>
          La paquetería vuelve a pesar y medir cada paquete. Si encuentra más kilos de los declarados, genera un cargo por sobrepeso por cada kilo adicional. Te
          avisamos por correo electrónico y lo ves en tu cuenta; mientras no se pague, el paquete puede quedar retenido en el almacén de la paquetería. Para
          evitarlo, declara siempre el peso y las medidas reales con todo y empaque.
        </p>
      ),
    },
    {
      id: 'quien-recoge',
      question: '¿Quién recoge y entrega mi paquete?',
      answer: (
        <p>
          La paquetería que elijas al comprar la guía. Puedes llevar tu paquete a una de sus sucursales o, donde el servicio lo ofrece, pedir que pase a
          recogerlo a tu dirección. La misma paquetería lo entrega en el destino, y tú lo sigues con el número de guía desde «Rastrear».
        </p>
      ),
    },
    {
      id: 'como-pago',
      question: '¿Cómo puedo pagar?',
      answer: (
        <p>
          Con PayPal, con tarjeta de crédito o débito a través de PayPal, en efectivo en cualquier OXXO con una ficha de pago (la tienda cobra una comisión) o
          con el saldo de tu Monedero. Tu guía se genera en cuanto el pago se confirma.
        </p>
      ),
    },
    {
      id: 'sobre',
      question: '¿Cómo envío documentos?',
      answer: (
        <p>
          Elige «Sobre» al cotizar: solo te pedimos el peso, porque el sobre tiene medidas fijas. Para cajas elige «Paquete» y para carga paletizada, «Tarima».
        </p>
      ),
    },
    {
      id: 'cobertura',
      question: '¿Mi envío está asegurado?',
      answer: (
        <p>
          Las paqueterías cubren cada envío hasta $2,000.00 MXN con una garantía limitada que no incluye robo ni riesgos durante el tránsito. Si tu mercancía
          vale más, contrata el seguro adicional al crear tu envío.
        </p>
      ),
    },
    {
      id: 'internacional',
      question: '¿Puedo enviar al extranjero?',
      answer: (
        <p>
          Sí, a más de 220 países y territorios. Elige el país de destino al cotizar. Los envíos internacionales pasan por aduana y pueden pagar impuestos en el
          país de destino. Consulta nuestros <Link to={paths.services}>servicios</Link>.
        </p>
      ),
    },
    {
      id: 'ayuda',
      question: '¿Cómo los contacto?',
      answer: (
        <p>
          Por WhatsApp, por teléfono o desde <Link to={paths.contact}>Contáctanos</Link>. Atendemos {supportHours}, hora del centro de México.
        </p>
      ),
    },
  ];

  return (
    <ContentPage
      id="faq-titulo"
      kicker="Ayuda"
      title="Preguntas frecuentes"
      lead="Lo que más nos preguntan sobre precios, peso volumétrico, sobrepeso, pagos y entregas. ¿Es tu primer envío? Sigue la guía de inicio."
    >
      <p>
        <Link to={paths.gettingStarted}>Ver la guía de inicio paso a paso</Link>
      </p>
      <ul className={classes.faq}>
        {questions.map((q, i) => (
          <li key={q.id} id={q.id}>
            <details open={i < 3}>
              <summary>{q.question}</summary>
              <div>{q.answer}</div>
            </details>
          </li>
        ))}
      </ul>
      <VolumetricCalculator />
    </ContentPage>
  );
}
