/** Spanish copy of the limited medical, prescription, lifestyle, supplemental, income, illness, accident, hospital, pet and guaranteed life demo plans. */
import { PLAN_IDS } from './demo-catalog.ts';
import type { PlanCopyEs } from './demo-translations.ts';

const PRE_EXISTING_12 = 'Condiciones preexistentes durante los primeros 12 meses';
const SELF_INFLICTED = 'Lesiones autoinfligidas';
const OUTSIDE_US = 'Atención recibida fuera de los Estados Unidos';
const CASH_FAQ: [string, string] = [
  '¿A quién se paga el beneficio?',
  'Directamente a usted, salvo que pida que se pague al proveedor. Puede usarlo para deducibles, copagos, transporte o los gastos de la casa.',
];

export const PLANS_ES_MORE: Record<number, PlanCopyEs> = {
  [PLAN_IDS.limitedMedMetro]: {
    name: 'Limited Med Metro',
    short: ['Beneficios fijos para consultas médicas y hospitalizaciones', 'Red del área metropolitana de Nueva York', 'Sin deducible'],
    blueBar: 'Limited Med Metro: beneficios médicos fijos para el área metropolitana de Nueva York',
    body: [
      'Limited Med Metro es un plan médico limitado para residentes del área metropolitana de Manhattan (códigos postales 10001 a 10499). Paga montos fijos por consultas médicas, atención de urgencias, pruebas de diagnóstico y hospitalizaciones.',
      'No hay deducible: los beneficios se pagan desde la primera consulta. El plan incluye telemedicina las 24 horas, sin costo por consulta.',
    ],
    exclusions: ['Servicios fuera de la tabla de beneficios fijos del plan', PRE_EXISTING_12, 'Procedimientos estéticos', OUTSIDE_US],
    example: [
      'Morgan va a una clínica de urgencias en Midtown. El plan paga $100 fijos por la visita y $50 por los análisis de laboratorio, directamente a la clínica.',
    ],
    faq: [
      ['¿Quién puede inscribirse?', 'Los residentes de los códigos postales 10001 a 10499. El código postal de su cotización lo confirma.'],
      ['¿Es un seguro médico mayor?', 'No. Paga beneficios fijos y no reemplaza un plan médico completo.'],
    ],
  },
  [PLAN_IDS.limitedMedEssentials]: {
    name: 'Limited Med Essentials',
    short: ['Beneficios fijos para el cuidado de todos los días', 'Telemedicina ilimitada', 'Disponible en todo el país'],
    blueBar: 'Limited Med Essentials: cuidado diario con costos previsibles',
    body: [
      'Limited Med Essentials paga beneficios fijos por consultas médicas, pruebas de diagnóstico y hospitalización, e incluye consultas de telemedicina ilimitadas.',
      'Los beneficios se pagan directamente a usted o a su proveedor, sin importar otra cobertura que tenga.',
    ],
    exclusions: ['Servicios fuera de la tabla de beneficios fijos del plan', PRE_EXISTING_12, 'Procedimientos estéticos', OUTSIDE_US],
    example: [
      'Casey consulta a su médico por una infección de oído. El plan paga $50 fijos por la consulta y la receta se resuelve por telemedicina sin costo.',
    ],
    faq: [['¿Puedo tenerlo junto con otro seguro?', 'Sí. Los beneficios fijos se pagan aunque tenga otra cobertura.'], CASH_FAQ],
  },
  [PLAN_IDS.rxSaver]: {
    name: 'RX Saver',
    short: ['Medicamentos genéricos desde $4', 'Aceptado en 60,000 farmacias', 'Incluye envío por correo'],
    blueBar: 'RX Saver: precios más bajos en sus recetas',
    body: [
      'RX Saver reduce lo que paga por medicamentos recetados en más de 60,000 farmacias de todo el país. Cientos de genéricos comunes cuestan $4 por un suministro de 30 días.',
      'Los medicamentos de marca tienen un descuento promedio del 25%, y una farmacia por correo envía suministros de 90 días a su casa.',
    ],
    exclusions: [
      'Medicamentos no aprobados por la FDA',
      'Medicamentos de venta libre',
      'Medicamentos compuestos',
      'Medicamentos cubiertos por otro plan en la misma compra',
    ],
    example: ['Lee toma un medicamento genérico para la presión. Con RX Saver paga $4 al mes en lugar de $22 en la farmacia.'],
    faq: [
      ['¿Es un seguro?', 'No. Es un programa de descuentos en medicamentos que se usa en la farmacia con su tarjeta de miembro.'],
      ['¿Puedo usarlo con mi seguro médico?', 'Puede usar el precio más bajo de los dos en cada compra, pero no ambos a la vez.'],
    ],
  },
  [PLAN_IDS.lifestyleWellness]: {
    name: 'Lifestyle Wellness',
    short: ['Telemedicina y línea de enfermería las 24 horas', 'Descuentos en gimnasios', 'Descuentos en audífonos y quiropráctica'],
    blueBar: 'Lifestyle Wellness: salud y ahorro de todos los días para toda la familia',
    body: [
      'Lifestyle Wellness reúne servicios de salud y ahorros diarios: consultas de telemedicina ilimitadas, una línea de enfermería las 24 horas, membresías de gimnasio con descuento y ahorros en audífonos, quiropráctica y análisis de laboratorio.',
      'Todos los servicios están disponibles para cada miembro de la familia de su nivel, sin formularios de reclamo.',
    ],
    exclusions: ['No es un seguro y no paga facturas médicas', 'Los descuentos solo aplican con proveedores participantes'],
    example: [
      'Jamie llama a la línea de enfermería a medianoche por la fiebre de su hijo y agenda una consulta de telemedicina a la mañana siguiente, ambas sin costo adicional.',
    ],
    faq: [
      ['¿Cuántas consultas de telemedicina incluye?', 'Ilimitadas, para todos los miembros de su nivel.'],
      ['¿Cómo uso los descuentos?', 'Muestre su tarjeta de miembro digital al proveedor participante.'],
    ],
  },
  [PLAN_IDS.associationMembership]: {
    name: 'Association Membership',
    short: ['Membresía necesaria para los planes de la asociación', 'Cuota de membresía de $5 al mes', 'Únase a más de 100,000 miembros'],
    blueBar: 'Association Membership: su membresía en una asociación nacional de bienestar',
    body: [
      'Muchos planes de esta tienda se ofrecen a través de una asociación nacional de bienestar. La membresía cuesta $5 al mes y da acceso a los planes de la asociación, descuentos para miembros y recursos de bienestar.',
      'La membresía se agrega automáticamente con los planes que la requieren y permanece en su carrito mientras esos planes estén en él.',
    ],
    exclusions: ['La membresía no es un seguro'],
    exampleName: 'Cómo funciona la membresía',
    example: ['Al agregar Term Life 100k al carrito, se agrega también la membresía de $5 al mes, una sola vez por inscripción.'],
    faq: [
      [
        '¿Pago la membresía una vez por cada plan?',
        'No. Se paga una sola vez por inscripción, sin importar cuántos planes de la asociación elija.',
      ],
    ],
  },
  [PLAN_IDS.supplementalCare]: {
    name: 'Supplemental Care',
    short: ['Beneficios en efectivo por la atención cubierta', 'Para personas y parejas', 'Beneficios pagados directamente a usted'],
    blueBar: 'Supplemental Care: beneficios en efectivo que cubren lo que falta',
    body: [
      'Supplemental Care paga beneficios en efectivo cuando recibe atención cubierta, como $150 por una visita a la sala de emergencias, $500 por una cirugía ambulatoria o $1,000 por un ingreso hospitalario.',
      'Los beneficios se pagan directamente a usted para deducibles, copagos, viajes o gastos de la casa. El plan está disponible para Solo el miembro y Miembro + cónyuge.',
    ],
    exclusions: [PRE_EXISTING_12, 'Procedimientos estéticos', SELF_INFLICTED, OUTSIDE_US],
    example: ['Avery pasa dos noches en el hospital. Supplemental Care paga $1,000 por el ingreso más $200 por día, $1,400 en total.'],
    faq: [CASH_FAQ, ['¿Puedo cubrir a mis hijos?', 'No. El plan se ofrece para Solo el miembro y Miembro + cónyuge.']],
  },
  [PLAN_IDS.incomeProtectDi]: {
    name: 'Income Protect DI',
    short: ['Reemplaza hasta el 60% de sus ingresos', 'Beneficios hasta por 24 meses', 'Para quienes trabajan 30 horas a la semana o más'],
    blueBar: 'Income Protect DI: proteja su sueldo si no puede trabajar',
    body: [
      'Income Protect DI paga un beneficio mensual de hasta el 60% de sus ingresos, con un máximo de $3,000, si una enfermedad o lesión le impide trabajar. Los beneficios empiezan después de un período de eliminación de 30 días y duran hasta 24 meses.',
      'Para calificar necesita un ingreso anual de al menos $20,000 y trabajar al menos 30 horas a la semana.',
    ],
    exclusions: [
      PRE_EXISTING_12,
      SELF_INFLICTED,
      'Discapacidades causadas por guerra o actos de guerra',
      'Embarazo normal, salvo complicaciones',
    ],
    example: [
      'Riley gana $48,000 al año y se fractura una pierna, por lo que falta 10 semanas al trabajo. Después del período de eliminación de 30 días el plan paga $2,400 al mes hasta que Riley vuelve a trabajar.',
    ],
    faq: [
      ['¿Qué es el período de eliminación?', 'Los primeros 30 días de incapacidad, durante los cuales no se pagan beneficios.'],
      [
        '¿Por qué me piden mi ingreso y mis horas de trabajo?',
        'El plan requiere un ingreso anual de al menos $20,000 y 30 horas de trabajo a la semana.',
      ],
    ],
  },
  [PLAN_IDS.criticalIllnessGuard]: {
    name: 'Critical Illness Guard',
    short: ['Suma global de $10,000 a $25,000', 'Cubre infarto, derrame cerebral y más', 'Cuestionario de salud breve'],
    blueBar: 'Critical Illness Guard: una suma global cuando más la necesita',
    body: [
      'Critical Illness Guard paga una suma global cuando recibe por primera vez el diagnóstico de una enfermedad cubierta, como un infarto, un derrame cerebral, la falla de un órgano mayor o la insuficiencia renal.',
      'Usted decide cómo usar el dinero: facturas médicas, viajes a un especialista o gastos diarios mientras se recupera. La inscripción requiere un cuestionario de salud breve.',
    ],
    exclusions: [
      'Condiciones diagnosticadas antes de la fecha de vigencia',
      'Enfermedades diagnosticadas en los primeros 30 días de cobertura',
      SELF_INFLICTED,
      'Diagnósticos hechos fuera de los Estados Unidos',
    ],
    example: [
      'Drew sufre un infarto a los 52 años. Critical Illness Guard le paga $20,000 en una sola suma, que Drew usa para el deducible y los gastos de la casa durante su recuperación.',
    ],
    faq: [
      ['¿Tengo que responder preguntas de salud?', 'Sí, un cuestionario breve. Algunas respuestas pueden impedir la inscripción.'],
      CASH_FAQ,
    ],
  },
  [PLAN_IDS.accidentShield]: {
    name: 'Accident Shield',
    short: [
      'Beneficios en efectivo por lesiones accidentales',
      'Dentro y fuera del trabajo, las 24 horas',
      'Sin preguntas de salud aparte de las de elegibilidad',
    ],
    blueBar: 'Accident Shield: ayuda con los costos de las lesiones accidentales',
    body: [
      'Accident Shield paga beneficios en efectivo por lesiones de accidentes cubiertos, como fracturas, dislocaciones, quemaduras, atención en la sala de emergencias y fisioterapia posterior.',
      'La cobertura aplica dentro y fuera del trabajo, las 24 horas. Antes de agregar el plan al carrito debe responder Sí a unas preguntas de elegibilidad.',
    ],
    exclusions: [
      'Lesiones bajo los efectos del alcohol o de drogas',
      'Participación en deportes profesionales o semiprofesionales',
      SELF_INFLICTED,
      'Lesiones por guerra o actos de guerra',
    ],
    example: [
      'Kelly se fractura un brazo jugando sóftbol. Accident Shield paga $150 por la visita a emergencias, $1,000 por la fractura y $35 por cada sesión de fisioterapia.',
    ],
    faq: [CASH_FAQ, ['¿Cubre accidentes en el trabajo?', 'Sí, dentro y fuera del trabajo, las 24 horas del día.']],
  },
  [PLAN_IDS.hospitalSeniorIndemnity]: {
    name: 'Hospital Senior Indemnity',
    short: ['$1,500 por ingreso hospitalario', 'Para solicitantes de 50 a 64 años', 'Beneficios pagados directamente a usted'],
    blueBar: 'Hospital Senior Indemnity: beneficios en efectivo por hospitalización para personas de 50 a 64 años',
    body: [
      'Hospital Senior Indemnity está pensado para adultos de 50 a 64 años. Paga $1,500 por cada ingreso hospitalario y $200 por cada día de hospitalización, hasta 31 días por estancia.',
      'Los beneficios se pagan directamente a usted y puede usarlos para deducibles, coseguro o cualquier otro gasto.',
    ],
    exclusions: [
      'Condiciones preexistentes durante los primeros 6 meses',
      'Ingresos por cirugía estética',
      'Tratamiento por abuso de sustancias',
      OUTSIDE_US,
    ],
    example: [
      'Quinn, de 58 años, pasa tres días en el hospital por una neumonía. El plan paga $1,500 por el ingreso y $600 por los tres días, $2,100 en total.',
    ],
    faq: [CASH_FAQ, ['¿Quién puede inscribirse?', 'Los solicitantes de 50 a 64 años.']],
  },
  [PLAN_IDS.hospitalAdvantage]: {
    name: 'Hospital Advantage',
    short: ['$1,000 por ingreso hospitalario', '$100 por cada día en el hospital', 'Disponible a cualquier edad desde los 18 años'],
    blueBar: 'Hospital Advantage: apoyo en efectivo durante una hospitalización',
    body: [
      'Hospital Advantage paga $1,000 por cada ingreso hospitalario cubierto y $100 por cada día de hospitalización, para ayudar con los gastos de bolsillo que deja el seguro médico.',
      'Los beneficios se pagan directamente a usted, sin importar otra cobertura que tenga.',
    ],
    exclusions: [PRE_EXISTING_12, 'Ingresos por cirugía estética', SELF_INFLICTED, OUTSIDE_US],
    example: [
      'Sky pasa dos días en el hospital después de una apendicitis. El plan paga $1,000 por el ingreso y $200 por los dos días, $1,200 en total.',
    ],
    faq: [CASH_FAQ, ['¿Hay un límite de edad?', 'El plan está disponible a cualquier edad desde los 18 años.']],
  },
  [PLAN_IDS.petCompanion]: {
    name: 'Pet Companion',
    short: ['Reembolso del 80% de las facturas del veterinario', 'Cualquier veterinario con licencia', 'Cubre accidentes y enfermedades'],
    blueBar: 'Pet Companion: cuidado para las mascotas de su familia',
    body: [
      'Pet Companion reembolsa el 80% de las facturas veterinarias elegibles por accidentes y enfermedades, después de un deducible anual de $250, hasta $10,000 al año.',
      'Visite a cualquier veterinario con licencia en los Estados Unidos, envíe la factura en la aplicación y reciba el reembolso por depósito directo.',
    ],
    exclusions: [
      'Condiciones preexistentes',
      'Cuidado de rutina y preventivo, salvo que agregue un complemento de bienestar',
      'Crianza y embarazo',
      'Procedimientos estéticos como el corte de cola',
    ],
    example: [
      'Su perro se traga un juguete y necesita una cirugía de $3,250. Después del deducible de $250 el plan reembolsa el 80% de $3,000, $2,400.',
    ],
    faq: [
      ['¿Qué mascotas se cubren?', 'Perros y gatos a partir de las 8 semanas de edad.'],
      ['¿Puedo ir a mi veterinario?', 'Sí, a cualquier veterinario con licencia.'],
      ['¿Hay un período de espera?', '14 días para enfermedades y 3 días para accidentes.'],
    ],
  },
  [PLAN_IDS.guaranteedIssueLife]: {
    name: 'Guaranteed Issue Life',
    short: ['Sin examen médico ni preguntas de salud', 'Hasta $25,000 de cobertura de vida entera', 'Para solicitantes de 80 años o menos'],
    blueBar: 'Guaranteed Issue Life: una cobertura que no le pueden negar',
    body: [
      'Guaranteed Issue Life es un seguro de vida entera con aceptación garantizada: no hay examen médico ni preguntas de salud. Una cobertura de hasta $25,000 ayuda con los gastos finales y las deudas pendientes.',
      'Las primas nunca aumentan y la póliza acumula valor en efectivo. El plan está disponible para solicitantes de 80 años o menos.',
    ],
    exclusions: [
      'El fallecimiento por enfermedad en los dos primeros años paga la devolución de las primas más un 10% en lugar del beneficio completo',
      'Suicidio en los dos primeros años',
    ],
    example: [
      'Frances, de 72 años, compra $15,000 de cobertura. Tres años después su familia recibe los $15,000 completos para cubrir los gastos del funeral.',
    ],
    faq: [
      ['¿Me pueden rechazar?', 'No. La aceptación está garantizada para solicitantes de 80 años o menos.'],
      [
        '¿Qué es el beneficio gradual?',
        'Durante los dos primeros años, el fallecimiento por enfermedad devuelve las primas más un 10%. La muerte accidental paga el beneficio completo desde el primer día.',
      ],
      ['¿Suben las primas?', 'No. Las primas son fijas de por vida.'],
    ],
  },
};
