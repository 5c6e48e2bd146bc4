import { AnswerType } from '../statuses';

/**
 * The starter library (issue 58): sets of categories and questions, written for real use by a
 * safety professional, that an organisation adds to its own question bank with one click and then
 * edits as usual. The question bank holds texts only (how a question is answered is chosen per
 * assessment section), so each question's answer type and choices here are the suggestion the
 * library's preview shows for when it is placed in an assessment.
 *
 * Category names follow the category rule (letters, digits, spaces); question texts the question
 * rule (starter-library.test.ts checks both, and that no text repeats across the library, since
 * the bank holds a text once).
 */

/** One question of a starter set with the answer type it is best asked with. */
export interface StarterQuestion {
  questText: string;
  answerType: AnswerType;
  /** The choices of a multiChoice or checkbox question; empty otherwise. */
  options: readonly string[];
}

/** A category of a starter set and its questions, in order. */
export interface StarterCategory {
  name: string;
  questions: readonly StarterQuestion[];
}

/** A starter set: what it covers and its categories. */
export interface StarterSet {
  /** Stable id: what addStarterSet names. */
  id: StarterSetId;
  name: string;
  description: string;
  categories: readonly StarterCategory[];
}

export const STARTER_SET_IDS = ['hse-prequalification', 'environmental-compliance', 'fire-safety'] as const;
export type StarterSetId = (typeof STARTER_SET_IDS)[number];

const yesNo = (questText: string): StarterQuestion => ({ questText, answerType: AnswerType.YES_NO, options: [] });
const short = (questText: string): StarterQuestion => ({ questText, answerType: AnswerType.SHORT_ANSWER, options: [] });
const long = (questText: string): StarterQuestion => ({ questText, answerType: AnswerType.LONG_ANSWER, options: [] });
const numeric = (questText: string): StarterQuestion => ({ questText, answerType: AnswerType.NUMERIC, options: [] });
const oneOf = (questText: string, options: readonly string[]): StarterQuestion => ({ questText, answerType: AnswerType.MULTI_CHOICE, options });
const anyOf = (questText: string, options: readonly string[]): StarterQuestion => ({ questText, answerType: AnswerType.CHECKBOX, options });

export const STARTER_LIBRARY: readonly StarterSet[] = [
  {
    id: 'hse-prequalification',
    name: 'HSE pre-qualification',
    description:
      'What to ask a contractor before it is engaged: its health, safety and environmental policy and leadership, its record over the last years, and how it controls risk and competence on site.',
    categories: [
      {
        name: 'HSE Policy and Leadership',
        questions: [
          yesNo('Do you have a written health, safety and environmental policy, signed by your most senior manager within the last 12 months?'),
          short('Who in your company is accountable for health and safety? Give their name, role and qualifications.'),
          anyOf('Which management system certificates do you currently hold?', ['ISO 45001', 'ISO 14001', 'ISO 9001', 'None']),
          long('How do you make HSE responsibilities known to your workers and subcontractors, and how do senior managers take part in safety on site?'),
        ],
      },
      {
        name: 'HSE Performance',
        questions: [
          numeric('How many lost time injuries (LTIs) did you record over the last 3 years?'),
          numeric('What was your total recordable incident rate (TRIR) for the last full year, per 200 000 hours worked?'),
          yesNo('Have you received an improvement notice, prohibition notice or prosecution from a regulator in the last 5 years?'),
          long('Describe your most serious incident of the last 3 years: what happened, its root cause and the actions you took to prevent it happening again.'),
        ],
      },
      {
        name: 'Risk Management and Competence',
        questions: [
          yesNo('Do you prepare written, task-specific risk assessments and method statements before work starts?'),
          yesNo('Do you operate a permit to work system for high-risk work such as hot work, confined space entry, electrical isolation and work at height?'),
          oneOf('How do you verify that each worker is trained and competent for the task given?', [
            'Training records and certificates checked by a supervisor before work',
            'Cards of a recognised third-party competence scheme',
            'Self-declaration by the worker',
            'No formal check',
          ]),
          oneOf('How often are toolbox talks held with your site teams?', ['Daily', 'Weekly', 'Monthly', 'Less than monthly']),
          short("Give the insurer, policy number and cover of your employer's liability and public liability insurance."),
          long('How do you select, brief and monitor your own subcontractors for HSE performance?'),
        ],
      },
    ],
  },
  {
    id: 'environmental-compliance',
    name: 'Environmental compliance',
    description:
      'Whether a contractor knows and meets its environmental obligations: its permits and management system, waste and pollution control, and energy use and emissions.',
    categories: [
      {
        name: 'Environmental Management',
        questions: [
          oneOf('Which best describes your environmental management system?', [
            'Certified to ISO 14001',
            'Documented, not certified',
            'No documented system',
          ]),
          short('Who is accountable for environmental compliance in your company? Give their name and role.'),
          long('List the environmental permits, licences and consents your activities need, with their reference numbers and expiry dates.'),
          yesNo('Have you had an environmental incident, reportable spill or regulatory breach in the last 3 years?'),
        ],
      },
      {
        name: 'Waste and Pollution Control',
        questions: [
          yesNo('Is all your waste removed by licensed carriers, with waste transfer or consignment notes kept for at least 2 years?'),
          numeric('What share of your waste, by weight, was reused, recycled or recovered last year (percent)?'),
          anyOf('Which controls do you use to stop spills reaching drains, soil or water?', [
            'Spill kits at every storage and refuelling point',
            'Bunded or double-skinned fuel and chemical storage',
            'Drip trays under static plant',
            'Drain covers',
            'Spill response training for site staff',
          ]),
          long('Describe how you store and handle hazardous substances, including your COSHH assessments and safety data sheets.'),
        ],
      },
      {
        name: 'Energy and Emissions',
        questions: [
          numeric('What were your Scope 1 and Scope 2 greenhouse gas emissions last year, in tonnes of CO2 equivalent?'),
          yesNo('Do you set and track targets to reduce your energy use, fuel use or emissions?'),
          long('How do you control the noise, dust, vibration and light that your work causes to neighbours?'),
        ],
      },
    ],
  },
  {
    id: 'fire-safety',
    name: 'Fire safety',
    description:
      "How a contractor prevents fire and keeps people safe if one starts: its fire risk assessment, hot work and flammable materials, and its detection, equipment and evacuation.",
    categories: [
      {
        name: 'Fire Risk Assessment',
        questions: [
          yesNo('Is there a written fire risk assessment for each of your premises and sites, reviewed within the last 12 months?'),
          oneOf('Who carried out your most recent fire risk assessment?', [
            'An accredited third-party fire risk assessor',
            'A competent person in our company',
            'It has not been carried out',
          ]),
          short('Who is the responsible person for fire safety, and when was your last fire risk assessment?'),
        ],
      },
      {
        name: 'Fire Prevention and Hot Work',
        questions: [
          yesNo('Is hot work (welding, cutting, grinding) controlled by a permit, with a fire watch kept for at least 60 minutes after the work ends?'),
          anyOf('How are flammable liquids and gases stored?', [
            'In approved fire-resisting cabinets',
            'In ventilated outdoor cages away from buildings and escape routes',
            "Quantities kept to a day's use at the workplace",
            'We use no flammable liquids or gases',
          ]),
          long('How do you control ignition sources and combustible waste, and keep escape routes clear?'),
        ],
      },
      {
        name: 'Fire Detection and Evacuation',
        questions: [
          yesNo('Are fire alarms, emergency lighting and extinguishers inspected and serviced at the intervals their standards set, with records kept?'),
          numeric('How many trained fire wardens do you have on each shift?'),
          numeric('How many fire drills did you hold in the last 12 months?'),
          numeric('How long did the evacuation take at your most recent fire drill, in minutes?'),
          long('Describe your evacuation arrangements for people with reduced mobility, including personal emergency evacuation plans.'),
          yesNo('Have you had a fire, or a notice from a fire authority or insurer, in the last 5 years?'),
        ],
      },
    ],
  },
];

/** The set of that id (undefined: none). */
export function starterSetOf(id: string): StarterSet | undefined {
  return STARTER_LIBRARY.find((s) => s.id === id);
}

/** How many questions a set holds. */
export function questionCountOf(set: StarterSet): number {
  return set.categories.reduce((n, c) => n + c.questions.length, 0);
}
