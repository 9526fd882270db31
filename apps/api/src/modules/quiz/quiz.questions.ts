import type { LocalisedText, QuizAnswerValue } from '@rozmova/contracts';

/**
 * The questions a fresh database starts with: a wellbeing self-check, not a diagnosis. Our own text.
 * A is the calm (well) answer, B the distressed one, C in between; they are shown calm → in between → distressed.
 */
export interface SeedQuestion {
  text: LocalisedText;
  answers: { value: QuizAnswerValue; text: LocalisedText }[];
  isCrisis: boolean;
}

type Scale = SeedQuestion['answers'];

/** "How often did … (something hard)": rarely is the calm answer. */
const oftenHard: Scale = [
  { value: 'A', text: { uk: 'Рідко або ніколи', en: 'Rarely or never' } },
  { value: 'C', text: { uk: 'Іноді', en: 'Sometimes' } },
  { value: 'B', text: { uk: 'Майже щодня', en: 'Almost every day' } },
];

/** "How often did … (something good)": often is the calm answer. */
const oftenGood: Scale = [
  { value: 'A', text: { uk: 'Майже щодня', en: 'Almost every day' } },
  { value: 'C', text: { uk: 'Іноді', en: 'Sometimes' } },
  { value: 'B', text: { uk: 'Рідко або ніколи', en: 'Rarely or never' } },
];

/** A statement about oneself. */
const agree: Scale = [
  { value: 'A', text: { uk: 'Так, це про мене', en: 'Yes, that is me' } },
  { value: 'C', text: { uk: 'Частково', en: 'Partly' } },
  { value: 'B', text: { uk: 'Ні, зараз це не про мене', en: 'No, not at the moment' } },
];

const q = (uk: string, en: string, answers: Scale, isCrisis = false): SeedQuestion => ({ text: { uk, en }, answers, isCrisis });

export const seedQuestions: readonly SeedQuestion[] = [
  q('Як часто ви почувалися пригніченими, сумними чи безнадійними?', 'How often did you feel down, sad or hopeless?', oftenHard),
  q('Як часто ви почувалися спокійно й урівноважено?', 'How often did you feel calm and at ease?', oftenGood),
  q('Як часто ви відчували нервовість, тривогу чи внутрішнє напруження?', 'How often did you feel nervous, anxious or on edge?', oftenHard),
  q('Як часто ви прокидалися відпочилими?', 'How often did you wake up feeling rested?', oftenGood),
  q('Як часто ви не могли зупинити тривожні думки?', 'How often were you unable to stop worrying?', oftenHard),
  q('У мене є людина, до якої я можу звернутися по підтримку.', 'I have someone I can turn to for support.', agree),
  q(
    'Як часто вам було нецікаво або нерадісно робити звичні справи?',
    'How often did you have little interest or pleasure in doing things?',
    oftenHard,
  ),
  q(
    'Як часто ви тішилися дрібницям: смачній їжі, музиці, прогулянці?',
    'How often did you enjoy small things: a good meal, music, a walk?',
    oftenGood,
  ),
  q('Як часто ви відчували втому чи брак сил?', 'How often did you feel tired or short of energy?', oftenHard),
  q('Я розумію, що відчуваю, і можу це назвати.', 'I understand what I feel and can put a name to it.', agree),
  q(
    'Як часто ви дратувалися чи злилися легше, ніж зазвичай?',
    'How often did you get irritated or angry more easily than usual?',
    oftenHard,
  ),
  q('Як часто ви щиро сміялися чи усміхалися?', 'How often did you laugh or smile and mean it?', oftenGood),
  q(
    'Як часто вам було важко зосередитися на читанні, роботі чи розмові?',
    'How often did you find it hard to focus on reading, work or a conversation?',
    oftenHard,
  ),
  q('Як часто ви засинали без труднощів?', 'How often did you fall asleep without difficulty?', oftenGood),
  q('Як часто ви почувалися самотніми, навіть серед людей?', 'How often did you feel lonely, even among other people?', oftenHard),
  q('Я можу сказати «ні», коли на щось не маю сил.', 'I can say "no" when I do not have the strength for something.', agree),
  q(
    'Як часто проти вашої волі поверталися спогади про страшні чи болісні події?',
    'How often did memories of frightening or painful events come back against your will?',
    oftenHard,
  ),
  q('Як часто вам вдавалося відпочити без почуття провини?', 'How often did you manage to rest without feeling guilty?', oftenGood),
  q(
    'Як часто ви здригалися від різких звуків, наприклад від гуркоту дверей?',
    'How often did sudden noises, such as a door slamming, make you jump?',
    oftenHard,
  ),
  q('Я ставлюся до себе з добротою, коли щось іде не так.', 'I am kind to myself when something goes wrong.', agree),
  q('Як часто ви відчували провину або що підвели інших?', 'How often did you feel guilty or that you had let others down?', oftenHard),
  q(
    'Як часто ви рухалися: гуляли, займалися спортом, робили розминку?',
    'How often did you move your body: walk, exercise, stretch?',
    oftenGood,
  ),
  q(
    'Як часто вам здавалося, що всього забагато і ви не даєте ради?',
    'How often did it feel like everything was too much to cope with?',
    oftenHard,
  ),
  q('Як часто ви говорили з кимось близьким про свої почуття?', 'How often did you talk to someone close about how you feel?', oftenGood),
  q(
    'Як часто у вас боліла голова, стискало в грудях чи було інше напруження в тілі?',
    'How often did you have headaches, a tight chest or other tension in your body?',
    oftenHard,
  ),
  q('Я бачу сенс у тому, що роблю щодня.', 'I see meaning in what I do every day.', agree),
  q(
    'Як часто ви уникали місць, людей чи розмов, що нагадують про щось болісне?',
    'How often did you avoid places, people or conversations that remind you of something painful?',
    oftenHard,
  ),
  q('Як часто ви відчували, що даєте раду щоденним справам?', 'How often did you feel on top of everyday tasks?', oftenGood),
  q(
    'Як часто ви почувалися спустошеними, ніби почуття вимкнулися?',
    'How often did you feel numb, as if your feelings had switched off?',
    oftenHard,
  ),
  q('Я відчуваю зв’язок з людьми навколо.', 'I feel connected to the people around me.', agree),
  q(
    'Як часто ви вдавалися до алкоголю, заспокійливих чи інших речовин, щоб заспокоїтися?',
    'How often did you turn to alcohol, sedatives or other substances to calm down?',
    oftenHard,
  ),
  q('Як часто ви харчувалися регулярно й повноцінно?', 'How often did you eat regular, proper meals?', oftenGood),
  q(
    'Як часто серце калатало або бракувало повітря без фізичного навантаження?',
    'How often did your heart race or did you run short of breath without physical effort?',
    oftenHard,
  ),
  q('Я можу спланувати день і здебільшого дотримуюся плану.', 'I can plan my day and mostly stick to the plan.', agree),
  q(
    'Як часто ви почувалися нікчемними або думали про себе погано?',
    'How often did you feel worthless or think badly of yourself?',
    oftenHard,
  ),
  q('Як часто ви з надією думали про найближчі дні?', 'How often did you think about the days ahead with hope?', oftenGood),
  q(
    'Як часто вам здавалося, що майбутнє не принесе нічого доброго?',
    'How often did it seem that the future holds nothing good?',
    oftenHard,
  ),
  q('Я вірю, що важкі почуття з часом минають.', 'I believe that difficult feelings pass with time.', agree),
  q(
    'Як часто через свій стан ви втрачали апетит або переїдали?',
    'How often did you lose your appetite or overeat because of how you felt?',
    oftenHard,
  ),
  q('Як часто ви знаходили час на улюблену справу?', 'How often did you find time for something you love doing?', oftenGood),
  q('Як часто вам здавалося, що треба весь час бути насторожі?', 'How often did you feel you had to be on guard all the time?', oftenHard),
  q('Я знаю, що мені допомагає, коли мені погано.', 'I know what helps me when I feel bad.', agree),
  q('Як часто вам снилися жахіття?', 'How often did you have nightmares?', oftenHard),
  q(
    'Як часто вам вдавалося заспокоїтися, коли щось вас засмутило?',
    'How often were you able to calm down after something upset you?',
    oftenGood,
  ),
  q(
    'Як часто ви відкладали прості щоденні справи, бо не мали на них сил?',
    'How often did you put off simple daily tasks because you had no strength for them?',
    oftenHard,
  ),
  q('Як часто ви почувалися в безпеці там, де живете?', 'How often did you feel safe where you live?', oftenGood),
  q('Як часто ви гортали новини й не могли зупинитися?', 'How often did you keep scrolling the news and could not stop?', oftenHard),
  q('Я почуваюся комфортно у власному тілі.', 'I feel at ease in my own body.', agree),
  q(
    'Як часто у вас з’являлися думки, що краще було б не жити, або думки заподіяти собі шкоду?',
    'How often did you have thoughts that you would be better off not living, or of hurting yourself?',
    [
      { value: 'A', text: { uk: 'Ніколи', en: 'Never' } },
      { value: 'C', text: { uk: 'Зрідка', en: 'Once or twice' } },
      { value: 'B', text: { uk: 'Часто', en: 'Often' } },
    ],
    true,
  ),
  q(
    'Загалом, як ви оцінюєте своє самопочуття за останні два тижні?',
    'Overall, how would you rate your wellbeing over the past two weeks?',
    [
      { value: 'A', text: { uk: 'Добре', en: 'Good' } },
      { value: 'C', text: { uk: 'Так собі', en: 'So-so' } },
      { value: 'B', text: { uk: 'Погано', en: 'Poor' } },
    ],
  ),
];

/** Kind advice per level (docs/product.md §9), in the patient's language. Red names where to get help now. */
export const recommendationTexts: Record<'red' | 'yellow' | 'green' | 'unknown', Record<'uk' | 'en', { title: string; text: string }>> = {
  green: {
    uk: {
      title: 'Приймайте свої емоції',
      text: 'Схоже, зараз ви добре дбаєте про себе. Усі почуття — і радісні, і важкі — мають право бути: помічайте їх без осуду й далі робіть те, що вам допомагає. Якщо щось зміниться, ми поруч.',
    },
    en: {
      title: 'Accept your emotions',
      text: 'It looks like you are taking good care of yourself. Every feeling, joyful or hard, has a right to be there: notice them without judging and keep doing what helps you. If things change, we are here.',
    },
  },
  yellow: {
    uk: {
      title: 'Подбайте про себе',
      text: 'Схоже, останнім часом вам буває непросто. Знайдіть час на сон, рух, їжу й людей, з якими вам добре. Якщо напруження не минає кілька тижнів, розмова з фахівцем може допомогти.',
    },
    en: {
      title: 'Take care of yourself',
      text: 'It looks like things have not been easy lately. Make time for sleep, movement, food and the people you feel good with. If the strain does not ease within a few weeks, talking to a specialist can help.',
    },
  },
  red: {
    uk: {
      title: 'Не соромтеся звернутися по допомогу',
      text: 'Ваші відповіді показують, що зараз вам важко. Звернутися по допомогу — це сила, а не слабкість: запишіться на консультацію до нашого фахівця. Якщо ви в небезпеці або думаєте заподіяти собі шкоду, негайно телефонуйте 112 або на лінію психологічної підтримки Lifeline Ukraine 7333.',
    },
    en: {
      title: 'Do not be ashamed to seek help',
      text: 'Your answers show that things are hard for you right now. Asking for help is a strength, not a weakness: book a consultation with one of our specialists. If you are in danger or thinking of hurting yourself, call 112 now or the Lifeline Ukraine support line on 7333.',
    },
  },
  unknown: {
    uk: {
      title: 'Дякуємо за ваші відповіді',
      text: 'Ваші відповіді не вказують однозначно на жоден рівень. Це самоперевірка, а не діагноз: якщо вас щось турбує, поговоріть із фахівцем.',
    },
    en: {
      title: 'Thank you for your answers',
      text: 'Your answers do not point clearly to any level. This is a self-check, not a diagnosis: if something worries you, talk to a specialist.',
    },
  },
};
