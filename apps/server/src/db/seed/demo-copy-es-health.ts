/** Spanish copy of the dental and vision demo plans (demo-translations.ts shapes it). */
import { PLAN_IDS } from './demo-catalog.ts';
import type { PlanCopyEs } from './demo-translations.ts';

const DENTAL_EXCLUSIONS = [
  'Procedimientos cosméticos como el blanqueamiento dental, la adhesión estética y las carillas',
  'Reemplazo de dientes perdidos antes de la fecha de vigencia de la cobertura (cláusula de diente ausente)',
  'Tratamientos iniciados antes de la fecha de vigencia de la cobertura',
  'Servicios cubiertos por la compensación laboral o por un programa del gobierno',
  'Reemplazo de aparatos perdidos o robados',
];
const DENTAL_NOTE =
  'Se aplican límites de frecuencia: dos exámenes y limpiezas de rutina por año calendario, radiografías de aleta de mordida una vez al año y una radiografía panorámica cada cinco años. Consulte el certificado de cobertura para ver la lista completa.';
const NO_ORTHO = 'Tratamiento de ortodoncia';

const dentalFaq = (name: string, extra: [string, string][] = []): [string, string][] => [
  [
    `¿Puedo seguir con mi dentista actual con ${name}?`,
    'Muy probablemente. El plan usa una red PPO nacional que incluye al 75% de los dentistas del país. También puede visitar a un dentista fuera de la red; en ese caso los beneficios se pagan según la tabla de montos del plan y usted podría pagar la diferencia.',
  ],
  [
    '¿Cuándo empieza mi cobertura?',
    'La cobertura empieza en la fecha de vigencia que elija en el carrito, siempre el primer día de un mes. Su tarjeta de identificación se envía por correo electrónico a los pocos días de la inscripción.',
  ],
  ...extra,
  [
    '¿Puedo cancelar en cualquier momento?',
    'Sí. No hay contrato a largo plazo. Comuníquese con servicios al miembro antes de su próxima fecha de cobro y la cobertura termina al final del mes pagado.',
  ],
];

const VISION_EXCLUSIONS = [
  'Tratamiento médico o quirúrgico de los ojos (lo cubre su plan médico)',
  'Lentes sin receta y lentes de sol, salvo lo indicado',
  'Reemplazo de lentes o armazones perdidos o rotos fuera de la frecuencia normal del beneficio',
  'Terapia visual o entrenamiento ortóptico y pruebas complementarias',
  'LASIK y otras cirugías correctivas, que se ofrecen con un descuento para miembros',
];

const visionFaq = (name: string, extra: [string, string][] = []): [string, string][] => [
  [
    `¿Dónde puedo usar ${name}?`,
    'En miles de optometristas independientes y grandes cadenas ópticas de la red nacional de visión. Use la búsqueda de proveedores para encontrar uno cerca de usted.',
  ],
  [
    '¿Puedo ir a un oculista fuera de la red?',
    'Sí. Pague al proveedor y envíe el recibo detallado a la aseguradora para que le reembolse hasta los montos fuera de la red que indica el certificado.',
  ],
  ...extra,
];

export const PLANS_ES_HEALTH: Record<number, PlanCopyEs> = {
  [PLAN_IDS.dentalEssentials]: {
    name: 'Dental Essentials',
    short: [
      'Exámenes y limpiezas preventivas cubiertos al 100% dentro de la red',
      'Deducible anual bajo de $50',
      'Red PPO nacional con el 75% de los dentistas del país',
    ],
    blueBar: 'Dental Essentials: cobertura con deducible bajo para el cuidado dental de todos los días',
    body: [
      'Dental Essentials es un plan dental sencillo centrado en la prevención. Los exámenes de rutina, las limpiezas y las radiografías se cubren al 100% con un dentista de la red, sin período de espera para el cuidado preventivo.',
      'Los servicios básicos, como empastes y extracciones simples, se cubren al 80% después de un deducible anual de $50, y los servicios mayores, como coronas y puentes, al 50% después de un período de espera de 12 meses. El plan paga hasta $1,000 por persona cada año calendario.',
      'El plan usa una red PPO nacional que incluye al 75% de los dentistas del país, así que la mayoría de los miembros puede conservar a su dentista. La cobertura está disponible en todos los estados, para personas, parejas y familias.',
    ],
    exclusions: [...DENTAL_EXCLUSIONS, NO_ORTHO],
    exclusionsNote: DENTAL_NOTE,
    example: [
      'María visita a un dentista de la red para su revisión semestral. El examen, la limpieza y las radiografías son cuidado preventivo, así que el plan paga el 100% y María no paga nada.',
      'En la visita el dentista encuentra una caries. La tarifa de la red por el empaste es de $150. María paga su deducible de $50; el plan paga el 80% de los $100 restantes ($80) y María paga $20, en total $70 en lugar de $150.',
    ],
    faq: dentalFaq('Dental Essentials', [
      [
        '¿Hay un período de espera?',
        'No para el cuidado preventivo ni básico. Los servicios mayores, como coronas, puentes y dentaduras, tienen un período de espera de 12 meses.',
      ],
    ]),
  },
  [PLAN_IDS.dentalPreferredPlus]: {
    name: 'Dental Preferred Plus',
    short: ['Máximo anual de $2,500 por persona', 'Servicios mayores cubiertos al 60% después de 6 meses', 'Incluye ortodoncia para niños'],
    blueBar: 'Dental Preferred Plus: un máximo anual alto para trabajos dentales mayores',
    body: [
      'Dental Preferred Plus está pensado para quienes esperan algo más que el cuidado de rutina. Con un máximo anual de $2,500 por persona, deja espacio para coronas, endodoncias, puentes e implantes en el mismo año.',
      'El cuidado preventivo se cubre al 100% desde el primer día, los servicios básicos al 85% y los mayores al 60% después de un período de espera de 6 meses. La ortodoncia para menores de 19 años se cubre al 50% hasta un máximo de por vida de $1,500.',
      'Los beneficios no usados se acumulan: si usa menos de la mitad de su máximo anual, parte del saldo pasa al año siguiente, hasta $1,000.',
    ],
    exclusions: DENTAL_EXCLUSIONS,
    exclusionsNote: 'La ortodoncia se limita a hijos dependientes menores de 19 años y a un máximo de por vida de $1,500. ' + DENTAL_NOTE,
    example: [
      'James necesita una corona en una muela. La tarifa de la red es de $1,100. Después de su deducible de $50 el plan paga el 60% de $1,050 ($630) y James paga $470.',
      'Más tarde ese año necesita una endodoncia en otro diente ($900 en la red). Como su máximo anual es de $2,500, el plan aún tiene $1,870 disponibles y vuelve a pagar su parte.',
    ],
    faq: dentalFaq('Dental Preferred Plus', [
      [
        '¿Se cubren los implantes?',
        'Sí. Los implantes son un servicio mayor, cubierto al 60% después del período de espera de 6 meses, dentro del máximo anual.',
      ],
    ]),
  },
  [PLAN_IDS.dentalVisionBundle]: {
    name: 'Dental + Vision Bundle',
    short: [
      'Cobertura dental y de visión por un solo precio mensual',
      'Examen de la vista anual con un copago de $10',
      'Monto de $150 para armazones cada 12 meses',
    ],
    blueBar: 'Dental + Vision Bundle: dos beneficios esenciales en un solo plan',
    body: [
      'Dental + Vision Bundle combina un plan dental completo con un plan de visión: una sola inscripción, una sola tarjeta de identificación y un solo pago mensual.',
      'Los beneficios dentales incluyen cuidado preventivo al 100%, servicios básicos al 80% y mayores al 50%, con un máximo anual de $1,500 por persona. Los de visión incluyen un examen anual con un copago de $10, lentes cada 12 meses y $150 para armazones o lentes de contacto.',
    ],
    exclusions: [...DENTAL_EXCLUSIONS, NO_ORTHO, 'LASIK y otras cirugías correctivas de los ojos (con descuento para miembros)'],
    exclusionsNote: DENTAL_NOTE,
    example: [
      'La familia Johnson va al dentista para sus limpiezas y al oculista para sus exámenes anuales. El cuidado dental preventivo se paga al 100% y cada examen de la vista cuesta un copago de $10.',
      'Su hijo elige armazones de $190. El plan paga los $150 del beneficio y la familia paga la diferencia de $40, con un 20% de descuento para miembros sobre el excedente.',
    ],
    faq: dentalFaq('Dental + Vision Bundle', [
      [
        '¿Puedo comprar solo la parte de visión?',
        'Sí, también hay planes de visión por separado, como Vision Clear. El paquete cuesta menos que comprar planes similares por separado.',
      ],
    ]),
  },
  [PLAN_IDS.dentalEssentials2024]: {
    name: 'Dental Essentials 2024',
    short: ['Edición anterior de Dental Essentials', 'Reemplazado por el plan Dental Essentials actual'],
    blueBar: 'Dental Essentials 2024: este plan fue reemplazado por Dental Essentials',
    body: [
      'Dental Essentials 2024 fue la edición 2024 de nuestro plan dental con deducible bajo. Ya no se ofrece a nuevos miembros.',
      'Al cotizar este plan se le muestra el plan Dental Essentials actual, que conserva los mismos beneficios preventivos y agrega un máximo anual más alto.',
    ],
    exclusions: [...DENTAL_EXCLUSIONS, NO_ORTHO],
    exclusionsNote: DENTAL_NOTE,
    example: [
      'Los miembros actuales de Dental Essentials 2024 conservan su cobertura hasta la renovación. Las nuevas inscripciones se dirigen a Dental Essentials.',
    ],
    faq: dentalFaq('Dental Essentials 2024', [
      [
        '¿Por qué se me muestra otro plan?',
        'Dental Essentials 2024 se retiró y fue reemplazado por Dental Essentials, que se cotiza y se contrata en su lugar.',
      ],
    ]),
  },
  [PLAN_IDS.premierDentalL713]: {
    name: 'Premier Dental L713',
    short: [
      'Sin deducible en cuidado preventivo y básico',
      'Máximo anual de $3,000 por persona',
      'Opción Miembro + 1 hijo para padres solos',
    ],
    blueBar: 'Premier Dental L713: nuestra cobertura dental más completa',
    body: [
      'Premier Dental L713 es nuestro plan dental más completo. Los servicios preventivos y básicos no tienen deducible, los servicios mayores se cubren al 60% desde el primer día y el máximo anual es de $3,000 por persona.',
      'El plan ofrece un nivel Miembro + 1 hijo con precio pensado para padres solos con un hijo. Incluye implantes, dentaduras, cirugía periodontal y ortodoncia para menores de 19 años al 50% hasta un máximo de por vida de $2,000.',
    ],
    exclusions: DENTAL_EXCLUSIONS,
    exclusionsNote: 'El nivel Miembro + 1 hijo cubre exactamente a un hijo dependiente. ' + DENTAL_NOTE,
    example: [
      'Dana se inscribe con su hijo de 10 años en el nivel Miembro + 1 hijo. Los selladores y las limpiezas del niño se pagan al 100%, y sus empastes al 90% sin deducible.',
      'Dos años después necesita frenos que cuestan $5,000. El plan paga el 50% hasta el máximo de por vida de ortodoncia de $2,000.',
    ],
    faq: dentalFaq('Premier Dental L713', [
      [
        '¿Qué es el nivel Miembro + 1 hijo?',
        'Un nivel de menor precio para un adulto y un hijo. Elija Yo y mis hijos y agregue exactamente a un hijo.',
      ],
      ['¿Hay período de espera para servicios mayores?', 'No. Los servicios mayores se cubren al 60% desde su fecha de vigencia.'],
    ]),
  },
  [PLAN_IDS.visionClear]: {
    name: 'Vision Clear',
    short: ['Examen de la vista anual con un copago de $10', 'Monto de $150 para armazones o lentes de contacto', 'Lentes cada 12 meses'],
    blueBar: 'Vision Clear: cuidado de la vista sencillo y económico',
    body: [
      'Vision Clear cubre un examen completo de la vista cada 12 meses con un copago de $10, lentes estándar monofocales, bifocales o trifocales con un copago de $25 y $150 para armazones o lentes de contacto.',
      'Los miembros reciben además un 20% de descuento sobre lo que exceda el monto para armazones, descuentos en opciones de lentes como el antirreflejo y LASIK con descuento con cirujanos participantes.',
    ],
    exclusions: VISION_EXCLUSIONS,
    example: [
      'Alex se hace un examen de la vista (copago de $10) y pide lentes nuevos con armazones de $180. Los lentes cuestan un copago de $25; el plan paga $150 de los armazones y Alex paga $30 menos un 20% de descuento, $24. En total Alex paga $59 en lugar de unos $390.',
    ],
    faq: visionFaq('Vision Clear', [
      [
        '¿Puedo elegir lentes de contacto en lugar de anteojos?',
        'Sí. Los $150 pueden usarse para lentes de contacto en lugar de armazones y lentes en el mismo año de beneficios.',
      ],
    ]),
  },
  [PLAN_IDS.visionSelect]: {
    name: 'Vision Select',
    short: ['Monto de $200 para armazones', 'Examen y lentes con copago de $0', 'Disponible en el portal Elevate Benefits'],
    blueBar: 'Vision Select: beneficios de visión mejorados para miembros de Elevate Benefits',
    body: [
      'Vision Select es un plan de visión mejorado que se ofrece solo en el portal Elevate Benefits. Cubre un examen anual de la vista y lentes estándar sin copago, y da $200 para armazones o lentes de contacto.',
      'Incluye antirreflejo premium y protección contra rayones, y los miembros reciben un 40% de descuento en un segundo par de anteojos.',
    ],
    exclusions: VISION_EXCLUSIONS,
    example: [
      'Sam se inscribe por Elevate Benefits. El examen y los lentes no le cuestan nada, el plan paga $200 de unos armazones de $230 y Sam paga $30 menos un 20% de descuento, $24.',
    ],
    faq: visionFaq('Vision Select', [
      [
        '¿Por qué no puedo agregar Vision Select?',
        'Vision Select solo se ofrece en el portal Elevate Benefits. Elija ese portal para inscribirse.',
      ],
    ]),
  },
  [PLAN_IDS.visionLegacy]: {
    name: 'Vision Legacy',
    short: ['Examen de la vista cada 24 meses', 'Monto de $100 para armazones', 'Actualmente en un período de suspensión'],
    blueBar: 'Vision Legacy: cobertura de visión básica',
    body: [
      'Vision Legacy es un plan de visión básico con un examen de la vista cada 24 meses con un copago de $15 y $100 para armazones o lentes de contacto cada 24 meses.',
      'El plan está en un período de suspensión y las nuevas inscripciones están en pausa. Vision Clear ofrece beneficios similares con exámenes anuales.',
    ],
    exclusions: VISION_EXCLUSIONS,
    example: [
      'Pat se hace un examen de la vista (copago de $15) y elige armazones de $120. El plan paga $100 y Pat paga la diferencia de $20.',
    ],
    faq: visionFaq('Vision Legacy', [
      [
        '¿Qué es un período de suspensión?',
        'Un período en el que la aseguradora no acepta nuevas inscripciones en el plan. Los miembros actuales no se ven afectados.',
      ],
    ]),
  },
  [PLAN_IDS.visionPlus]: {
    name: 'Vision Plus',
    short: ['Monto de $250 para armazones', 'Dos pares de lentes de contacto o anteojos al año', 'Monto de $500 para LASIK'],
    blueBar: 'Vision Plus: montos generosos para quienes compran anteojos con frecuencia',
    body: [
      'Vision Plus cubre un examen anual de la vista sin copago y $250 para armazones, con un segundo monto para lentes de contacto en el mismo año.',
      'Quienes elijan una cirugía correctiva reciben una sola vez $500 para LASIK con cirujanos participantes.',
    ],
    exclusions: VISION_EXCLUSIONS.slice(0, 4),
    example: [
      'Chris usa anteojos en el trabajo y lentes de contacto para hacer deporte. El plan paga $250 de unos armazones de diseñador y $150 de un año de lentes de contacto.',
    ],
    faq: visionFaq('Vision Plus', [
      [
        '¿Cómo funciona el monto para LASIK?',
        'La aseguradora paga hasta $500 una sola vez en la vida, directamente a un cirujano participante.',
      ],
    ]),
  },
};
