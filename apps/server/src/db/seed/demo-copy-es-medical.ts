/** Spanish copy of the medical and term life demo plans (demo-translations.ts shapes it). */
import { PLAN_IDS } from './demo-catalog.ts';
import type { PlanCopyEs } from './demo-translations.ts';

export const PLANS_ES_MEDICAL: Record<number, PlanCopyEs> = {
  [PLAN_IDS.medicalBridgeTx]: {
    name: 'Medical Bridge TX',
    short: ['Cobertura médica mayor para residentes de Texas', 'Copago de $25 en atención primaria', 'Red PPO en todo el estado'],
    blueBar: 'Medical Bridge TX: cobertura médica mayor para residentes de Texas',
    body: [
      'Medical Bridge TX es un plan médico PPO para residentes de Texas. Cubre consultas médicas, hospitalizaciones, atención de emergencia y medicamentos recetados, con un deducible individual de $2,500 y un máximo de gastos de bolsillo de $7,500.',
      'Las consultas de atención primaria cuestan un copago de $25 y las de especialistas $50, sin tener que cubrir antes el deducible. El cuidado preventivo, como el examen físico anual y las vacunas, se cubre al 100%.',
    ],
    exclusions: [
      'Servicios recibidos fuera de Texas, salvo la atención de emergencia',
      'Cirugía estética',
      'Tratamientos experimentales o en investigación',
      'Cuidado de custodia a largo plazo',
      'Programas para bajar de peso, salvo lo que exija la ley',
    ],
    example: [
      'Taylor, que vive en Dallas, consulta a un médico de atención primaria por una sinusitis (copago de $25) y surte una receta genérica (copago de $10).',
      'Después Taylor tiene una cirugía ambulatoria de rodilla facturada en $9,000 dentro de la red. Taylor paga el deducible de $2,500 y el 20% de los $6,500 restantes ($1,300); el plan paga el resto.',
    ],
    faq: [
      [
        '¿Puedo inscribirme si no vivo en Texas?',
        'No. Medical Bridge TX solo se ofrece a residentes de Texas; el código postal de su cotización lo confirma.',
      ],
      ['¿Cubre emergencias fuera de Texas?', 'Sí. La atención de emergencia se cubre en cualquier lugar de los Estados Unidos.'],
    ],
  },
  [PLAN_IDS.medicalAccessPlus]: {
    name: 'Medical Access Plus',
    short: ['Red PPO nacional', 'Deducible de $5,000 y menor costo mensual', 'Cuidado preventivo cubierto al 100%'],
    blueBar: 'Medical Access Plus: cobertura nacional con un costo mensual menor',
    body: [
      'Medical Access Plus es un plan PPO con deducible alto que mantiene bajo el costo mensual y lo protege de facturas médicas grandes. El cuidado preventivo se cubre al 100% y el máximo de gastos de bolsillo es de $8,000 por persona.',
      'El plan es compatible con una cuenta de ahorros para la salud, para apartar dinero antes de impuestos para deducibles y copagos.',
    ],
    exclusions: [
      'Cirugía estética',
      'Tratamientos experimentales o en investigación',
      'Cuidado de custodia a largo plazo',
      'Servicios que no son médicamente necesarios',
    ],
    example: [
      'Jordan tiene una visita a la sala de emergencias de $1,200. Jordan paga la tarifa de la red completa a cuenta del deducible y luego el plan cubre el 70% de los costos adicionales durante el resto del año.',
    ],
    faq: [
      [
        '¿Puedo abrir una cuenta de ahorros para la salud?',
        'Sí. Este plan cumple los requisitos de un plan con deducible alto compatible con una cuenta de ahorros para la salud.',
      ],
      ['¿Qué se cubre antes del deducible?', 'El cuidado preventivo, como exámenes anuales y vacunas, se cubre al 100% sin deducible.'],
    ],
  },
  [PLAN_IDS.termLife100k]: {
    name: 'Term Life 100k',
    short: ['$100,000 de protección de vida a término', 'Primas fijas durante 10 años', 'Tarifas según el consumo de tabaco'],
    blueBar: 'Term Life 100k: protección económica para las personas que dependen de usted',
    body: [
      'Term Life 100k paga un beneficio por fallecimiento de $100,000 a sus beneficiarios si usted fallece durante el plazo de 10 años. Las primas se mantienen fijas durante todo el plazo.',
      'Las tarifas dependen de su edad y del consumo de tabaco. La cobertura opcional de $100,000 a $300,000 está sujeta a la aprobación de suscripción médica y a pruebas de asegurabilidad; la decisión suele tomarse en 5 a 10 días.',
    ],
    exclusions: [
      'Suicidio durante los dos primeros años de la póliza',
      'Declaraciones falsas importantes en la solicitud durante el período de disputa',
      'Fallecimiento mientras se comete un delito grave',
    ],
    example: [
      'Robin, de 35 años y no fumador, se inscribe en Term Life 100k. Si Robin fallece durante el plazo de 10 años, sus beneficiarios reciben $100,000, libres del impuesto federal sobre la renta en la mayoría de los casos.',
    ],
    faq: [
      [
        '¿Qué pasa al final del plazo de 10 años?',
        'La cobertura termina. Puede renovarla cada año a una prima mayor o convertirla en una póliza permanente sin examen médico.',
      ],
      [
        '¿Por qué me preguntan si fumo?',
        'Las tarifas de los fumadores son más altas. Responda con la verdad: una respuesta falsa puede anular el beneficio.',
      ],
    ],
  },
};
