import { Link } from 'react-router';
import { Container, Text, Title } from '@mantine/core';
import { VOLUMETRIC_DIVISOR } from '@envios/contracts/parcel-rules';
import { IconBan, IconBox, IconRuler } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import classes from './blog.module.css';
import { VolumetricCalculator } from './volumetric-calculator';

const ARTICLES = [
  {
    id: 'como-medir-y-pesar',
    icon: <IconRuler size={22} />,
    title: 'Cómo medir y pesar tu paquete, y qué es el peso volumétrico',
    summary: 'La fórmula L × A × H ÷ 5000 y cómo evitar cargos por sobrepeso.',
    minutes: 4,
  },
  {
    id: 'como-empacar',
    icon: <IconBox size={22} />,
    title: 'Cómo empacar tu envío para que llegue en perfecto estado',
    summary: 'Caja, relleno, cinta y guía: lo que revisan las paqueterías.',
    minutes: 3,
  },
  {
    id: 'que-no-se-puede-enviar',
    icon: <IconBan size={22} />,
    title: 'Qué no se puede enviar por paquetería',
    summary: 'Artículos prohibidos, restringidos y lo que cambia en envíos internacionales.',
    minutes: 3,
  },
] as const;

export function BlogArticles() {
  return (
    <>
      <section className={classes.header} aria-labelledby="blog-titulo">
        <Container size="md">
          <Text component="p" className={classes.kicker}>
            Blog
          </Text>
          <Title order={1} id="blog-titulo" className={classes.title}>
            Consejos para enviar mejor
          </Title>
          <Text className={classes.lead}>Guías cortas y prácticas para que tus paquetes lleguen bien, a tiempo y sin cargos sorpresa.</Text>
          <ul className={classes.toc}>
            {ARTICLES.map((a) => (
              <li key={a.id}>
                <a href={`#${a.id}`} className={classes.tocCard}>
                  <span className={classes.tocIcon}>{a.icon}</span>
                  <span>
                    <strong>{a.title}</strong>
                    <span className={classes.tocSummary}>{a.summary}</span>
                    <span className={classes.tocMeta}>Lectura de {a.minutes} min</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <Container size="md" className={classes.body}>
        <article id="como-medir-y-pesar" className={classes.article} aria-labelledby="como-medir-y-pesar-titulo">
          <Title order={2} id="como-medir-y-pesar-titulo" className={classes.articleTitle}>
            Cómo medir y pesar tu paquete, y qué es el peso volumétrico
          </Title>
          <p>
            Las paqueterías no cobran solo por lo que pesa una caja, también por el espacio que ocupa en el camión o en el avión. Por eso, antes de cotizar,
            mide y pesa tu paquete ya empacado y cerrado, tal como lo vas a entregar.
          </p>
          <h3>1. Mide en centímetros</h3>
          <ul>
            <li>
              <strong>Largo</strong>: el lado más largo de la caja.
            </li>
            <li>
              <strong>Ancho</strong> y <strong>alto</strong>: los otros dos lados.
            </li>
            <li>Mide por fuera, incluyendo lo que sobresalga. Si la caja está abombada, mide en la parte más ancha.</li>
            <li>Redondea siempre hacia arriba: 30.2 cm se cuentan como 31 cm.</li>
          </ul>
          <h3>2. Pesa con todo y empaque</h3>
          <p>
            Usa una báscula de cocina o de piso con el paquete terminado: relleno, cinta y caja incluidos. Anota el peso en kilogramos con un decimal (por
            ejemplo, 1.3 kg).
          </p>
          <h3>3. Calcula el peso volumétrico</h3>
          <p className={classes.formula}>Peso volumétrico (kg) = Largo × Ancho × Alto ÷ {VOLUMETRIC_DIVISOR}</p>
          <p>
            La paquetería cobra el <strong>mayor</strong> entre el peso real y el volumétrico, redondeado al kilo siguiente. Por ejemplo, una caja de 40 × 30 ×
            20 cm que pesa 2 kg tiene un peso volumétrico de 24,000 ÷ 5,000 = 4.8 kg, así que se cobra como 5 kg. En cambio, una caja pequeña de 20 × 15 × 10 cm
            con 3.2 kg de libros tiene un peso volumétrico de solo 0.6 kg: ahí se cobra el peso real, 4 kg.
          </p>
          <VolumetricCalculator headingLevel={3} />
          <h3>Evita cargos por sobrepeso</h3>
          <p>
            La paquetería vuelve a medir y pesar cada envío. Si los datos que capturaste son menores, te cobrará la diferencia como sobrepeso. Captura medidas y
            peso reales y usa la caja más pequeña en la que tu producto quepa bien protegido: una caja grande casi vacía te hace pagar aire.
          </p>
        </article>

        <article id="como-empacar" className={classes.article} aria-labelledby="como-empacar-titulo">
          <Title order={2} id="como-empacar-titulo" className={classes.articleTitle}>
            Cómo empacar tu envío para que llegue en perfecto estado
          </Title>
          <p>Un paquete viaja por bandas, camiones y centros de distribución; puede quedar debajo de otros o recibir golpes. Empácalo pensando en eso.</p>
          <h3>La caja</h3>
          <ul>
            <li>Usa cartón corrugado en buen estado, sin humedad ni esquinas aplastadas.</li>
            <li>Para más de 10 kg o artículos frágiles, elige cartón de doble pared.</li>
            <li>Quita o tacha por completo las guías y códigos de barras de envíos anteriores.</li>
          </ul>
          <h3>El relleno</h3>
          <ul>
            <li>Envuelve cada artículo por separado con plástico de burbujas o papel.</li>
            <li>Deja unos 5 cm de relleno entre el producto y las paredes de la caja.</li>
            <li>Haz la prueba: agita la caja cerrada; si algo se mueve, agrega relleno.</li>
            <li>Los líquidos van bien cerrados, con cinta en la tapa y dentro de una bolsa de plástico sellada.</li>
          </ul>
          <h3>El cierre</h3>
          <ul>
            <li>Sella con cinta de empaque de al menos 5 cm de ancho, en forma de «H» en la tapa y en el fondo.</li>
            <li>No uses cuerdas, listones ni papel para envolver por fuera: se atoran en las bandas.</li>
          </ul>
          <h3>La guía</h3>
          <ul>
            <li>Imprime la guía completa y pégala en la cara más grande de la caja, bien plana.</li>
            <li>No cubras el código de barras con cinta opaca ni lo dobles sobre una esquina.</li>
            <li>Los sobres son solo para documentos; cualquier objeto debe ir en caja.</li>
          </ul>
        </article>

        <article id="que-no-se-puede-enviar" className={classes.article} aria-labelledby="que-no-se-puede-enviar-titulo">
          <Title order={2} id="que-no-se-puede-enviar-titulo" className={classes.articleTitle}>
            Qué no se puede enviar por paquetería
          </Title>
          <p>
            Cada paquetería publica su propia lista, pero estas reglas aplican casi siempre. Si envías algo prohibido, la paquetería puede retener o destruir el
            paquete sin reembolso.
          </p>
          <h3>Prohibido</h3>
          <ul>
            <li>Dinero en efectivo, monedas, cheques al portador, boletos de lotería y títulos de valor.</li>
            <li>Armas de fuego, municiones, piezas de armas y réplicas.</li>
            <li>Explosivos, fuegos artificiales, gasolina, thinner, solventes y otros inflamables.</li>
            <li>Sustancias tóxicas, corrosivas o radiactivas.</li>
            <li>Drogas y estupefacientes.</li>
            <li>Animales vivos, plantas sin permiso y restos humanos.</li>
            <li>Mercancía ilegal, falsificada o pirata.</li>
          </ul>
          <h3>Restringido o con condiciones</h3>
          <ul>
            <li>
              <strong>Baterías de litio</strong>: casi siempre solo instaladas dentro del equipo; las sueltas requieren declararse como mercancía peligrosa.
            </li>
            <li>
              <strong>Perfumes, aerosoles y bebidas alcohólicas</strong>: limitados, sobre todo en servicios aéreos.
            </li>
            <li>
              <strong>Medicamentos</strong>: solo con receta o permisos, según el producto y el destino.
            </li>
            <li>
              <strong>Alimentos perecederos</strong>: solo con empaque adecuado y servicio de entrega rápida.
            </li>
            <li>
              <strong>Joyería, obras de arte y artículos de alto valor</strong>: muchas paqueterías limitan su responsabilidad; asegúralos y consulta antes.
            </li>
          </ul>
          <h3>Envíos internacionales</h3>
          <p>
            Además, cada país tiene sus propias prohibiciones. Describe el contenido con detalle y su valor real: la aduana lo revisa, y los impuestos de
            importación normalmente los paga quien recibe.
          </p>
          <p>
            ¿Tienes dudas sobre un artículo? <Link to={paths.contact}>Contáctanos</Link> antes de enviarlo y te decimos qué servicio lo acepta.
          </p>
        </article>
      </Container>
    </>
  );
}
