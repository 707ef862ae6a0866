/**
 * The cue words questionnaires print around their questions, in the languages they are written in: how many
 * answers to give ("Une seule réponse possible", "Mehrfachnennungen möglich"), where to go next ("Pase a la
 * pregunta 7", "Weiter mit Frage 9"), follow-ups that depend on a yes or a no ("Si oui, …", "Wenn ja, …"), the
 * don't-know / refused / other-specify answers, the words that name a question ("Pregunta 3", "Frage 3") or a
 * section ("PARTIE 2", "Abschnitt B"), and the end of the questionnaire ("Fin du questionnaire").
 *
 * One table per cue, one row per language, so that a detector reads every language the same way and a new
 * language is one row, not a new pattern at each call site. English is kept in the detectors' own patterns (its
 * forms are many and tuned); the rows here hold what other languages add. Entries are regular-expression sources
 * written for the `i` flag without `u`: `\b` only knows ASCII letters, so a word that starts or ends with an
 * accented letter is bounded with `(?![a-zà-öø-ÿ])` (NOT_LETTER) rather than `\b`.
 */

export type Language = "fr" | "es" | "de" | "pt" | "it" | "nl" | "da" | "sv" | "no" | "pl" | "id" | "tr" | "vi" | "sw" | "zh" | "ja" | "ko";

/** No letter (ASCII or Latin-1 accented) follows: a word end that also works after "é" or "ß". */
export const NOT_LETTER = String.raw`(?![a-zà-öø-ÿ])`;

/** A language without a row in a table simply adds nothing to that cue (the newer languages fill the logic rows). */
type Row = Partial<Record<Language, string[]>>;

/** "Only one answer": the question takes a single answer. */
export const SINGLE_ANSWER: Row = {
  fr: [String.raw`une seule r[ée]ponse`, String.raw`r[ée]ponse unique`, String.raw`un seul choix`, String.raw`cochez une (?:seule )?case`, String.raw`entourez une (?:seule )?r[ée]ponse`],
  es: [String.raw`respuesta [úu]nica`, String.raw`una (?:sola )?respuesta`, String.raw`s[óo]lo una (?:respuesta|opci[óo]n)`, String.raw`marque (?:s[óo]lo )?una(?: opci[óo]n)?${NOT_LETTER}`, String.raw`elija (?:s[óo]lo )?una${NOT_LETTER}`],
  de: [String.raw`einfachnennung`, String.raw`nur eine (?:antwort|nennung)`, String.raw`eine antwort m[öo]glich`, String.raw`bitte (?:nur )?ein kreuz`],
  pt: [String.raw`resposta [úu]nica`, String.raw`apenas uma (?:resposta|op[çc][ãa]o)`, String.raw`uma (?:s[óo] )?resposta`, String.raw`marque (?:apenas )?uma${NOT_LETTER}`],
  it: [String.raw`una sola risposta`, String.raw`risposta singola`, String.raw`una risposta${NOT_LETTER}`],
  nl: [String.raw`[ée][ée]n antwoord(?: mogelijk)?`, String.raw`slechts [ée][ée]n`],
  da: [String.raw`kun (?:[ée]t|et) (?:svar|kryds)`, String.raw`s[æa]t (?:kun )?[ée]t kryds`],
};

/** "Several answers possible" / "Mark all that apply": the question takes several answers. */
export const MULTIPLE_ANSWERS: Row = {
  fr: [String.raw`plusieurs r[ée]ponses`, String.raw`r[ée]ponses multiples`, String.raw`choix multiples`, String.raw`cochez toutes? les`, String.raw`(?:deux|trois|quatre|cinq) r[ée]ponses (?:maximum|possibles|au plus)`, String.raw`(?:pouvez|pouvoir) cocher (?:deux|trois|plusieurs)`, String.raw`choisissez (?:les )?(?:deux|trois|quatre|cinq)${NOT_LETTER}`],
  es: [String.raw`respuesta m[úu]ltiple`, String.raw`respuestas m[úu]ltiples`, String.raw`varias respuestas`, String.raw`todas las que`, String.raw`marque (?:todas )?las opciones que correspondan`, String.raw`marque todas`, String.raw`puede (?:marcar|elegir|seleccionar) (?:varias|m[áa]s de una|dos|tres)`, String.raw`elija (?:las |los )?(?:dos|tres|cuatro|cinco)${NOT_LETTER}`],
  de: [String.raw`mehrfachnennung`, String.raw`mehrfachantwort`, String.raw`mehrfachauswahl`, String.raw`mehrere antworten`, String.raw`alle zutreffenden`, String.raw`alle in frage kommenden`, String.raw`(?:zwei|drei|bis zu \d) (?:antworten|nennungen)`],
  pt: [String.raw`resposta m[úu]ltipla`, String.raw`respostas m[úu]ltiplas`, String.raw`v[áa]rias respostas`, String.raw`marque todas`, String.raw`todas as que`, String.raw`pode (?:marcar|escolher|assinalar) (?:v[áa]rias|mais de uma|duas|tr[êe]s)`],
  it: [String.raw`pi[ùu] risposte`, String.raw`risposta multipla`, String.raw`tutte le (?:risposte|voci|opzioni)`],
  nl: [String.raw`meerdere antwoorden`, String.raw`meer antwoorden mogelijk`],
  da: [String.raw`(?:s[æa]t )?(?:gerne )?flere (?:kryds|x|svar)`, String.raw`flere svar muligt`, String.raw`s[æa]t kryds ved alle`],
};

/** "One answer per row" ("Marcar apenas uma oval por linha"): each row of the answer table takes its own answer — a grid. */
export const PER_ROW: Row = {
  fr: [String.raw`par ligne`],
  es: [String.raw`por fila`],
  de: [String.raw`(?:pro|je) zeile`],
  pt: [String.raw`por linha`],
  it: [String.raw`per (?:riga|ogni riga)`],
  nl: [String.raw`per (?:rij|regel)`],
  da: [String.raw`(?:pr\.|per) r[æa]kke`],
  pl: [String.raw`w ka[żz]dym wierszu`],
};

/**
 * Words a wrapped sentence cannot end on — articles, prepositions, conjunctions ("… guiado por un" / "Dios."): a line
 * ending with one continues on the next line, even when that line starts with a capital.
 */
export const OPEN_ENDING_WORDS: Row = {
  fr: ["le", "la", "les", "un", "une", "des", "du", "de", "au", "aux", "et", "ou", "en", "pour", "par", "sur", "dans", "avec", "que", "qui", "leur", "votre", "son", "sa", "ses"],
  es: ["el", "la", "los", "las", "un", "una", "unos", "unas", "de", "del", "al", "y", "en", "por", "para", "con", "que", "su", "sus"],
  de: ["der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "und", "oder", "im", "mit", "von", "zu", "zum", "zur", String.raw`f[üu]r`, "auf", "am", "bei", "dass", "Ihre", "Ihr"],
  pt: ["os", "as", "um", "uma", "do", "da", "dos", "das", "ou", "em", "no", "na", "por", "para", "com", "que", "seu", "sua"],
  it: ["il", "lo", "gli", "una", "di", "del", "della", "per", "con", "che", "su"],
};

/** "Read out" / "Do not read out" / "Show card": instructions to an interviewer. */
export const READ_OUT: Row = {
  fr: [String.raw`lire(?: les r[ée]ponses)?`, String.raw`ne pas lire`, String.raw`montrer (?:la )?carte`, String.raw`(?:enqu[êe]teur|enqu[êe]trice)\s*:`],
  es: [String.raw`leer(?: opciones| respuestas)?`, String.raw`no leer`, String.raw`mostrar tarjeta`, String.raw`entrevistador\s*:`, String.raw`encuestador\s*:`],
  de: [String.raw`vorlesen`, String.raw`nicht vorlesen`, String.raw`liste vorlegen`, String.raw`karte vorlegen`, String.raw`interviewer\s*:`],
  pt: [String.raw`ler(?: op[çc][õo]es| respostas)?`, String.raw`n[ãa]o ler`, String.raw`mostrar cart[ãa]o`, String.raw`entrevistador\s*:`],
  it: [String.raw`leggere`, String.raw`non leggere`, String.raw`mostrare (?:il )?cartellino`],
  nl: [String.raw`voorlezen`, String.raw`niet voorlezen`],
  da: [String.raw`l[æa]s (?:op|h[øo]jt)`, String.raw`l[æa]s ikke op`],
};

/** "Go to" / "skip to": a routing verb before a question named as the target. */
export const GO_TO: Row = {
  fr: [String.raw`pass(?:er|ez)\s+(?:directement\s+)?(?:à|a)`, String.raw`all(?:er|ez)\s+(?:directement\s+)?(?:à|a)`, String.raw`rendez-vous\s+(?:à|a)`],
  es: [String.raw`pas(?:ar|e)\s+(?:directamente\s+)?a`, String.raw`pase(?=\s+[A-Z]{1,4}\d)`, String.raw`ir\s+a`, String.raw`salt(?:ar|e)\s+a`, String.raw`vaya\s+a`, String.raw`contin[úu]e\s+(?:en|con)`],
  de: [String.raw`weiter\s+(?:mit|zu|bei)`, String.raw`gehen\s+sie\s+(?:zu|weiter\s+zu)`, String.raw`spring(?:e|en)?\s+(?:sie\s+)?(?:zu|auf)`],
  pt: [String.raw`(?:pule|pular|passe|passar|ir|v[áa]|siga)\s+(?:diretamente\s+)?para`],
  it: [String.raw`(?:passare|passa|andare|vai|salta(?:re)?)\s+(?:direttamente\s+)?(?:alla|al|a)`],
  nl: [String.raw`ga\s+(?:door\s+)?naar`],
  da: [String.raw`g[åa]\s+(?:videre\s+)?til`, String.raw`spring\s+(?:videre\s+)?til`, String.raw`forts[æae]t\s+(?:med|til|ved)`],
  sv: [String.raw`g[åa]\s+(?:vidare\s+)?till`, String.raw`hoppa\s+(?:vidare\s+)?till`, String.raw`forts[äa]tt\s+(?:med|till)`],
  no: [String.raw`g[åa]\s+(?:videre\s+)?til`, String.raw`hopp\s+(?:videre\s+)?til`, String.raw`fortsett\s+(?:med|til)`],
  pl: [String.raw`przejd[źz]\s+do`, String.raw`przejd[źz]\s+dalej\s+do`, String.raw`id[źz]\s+do`],
  id: [String.raw`lanjut(?:kan)?\s+ke`, String.raw`langsung\s+ke`],
};

/**
 * The help line a survey tool's printable view sets under every question's wording to say how to answer
 * (LimeSurvey: "Bitte wählen Sie die zutreffende Antwort für jeden Punkt aus:", "Bitte geben Sie Ihre Antwort hier
 * ein:"). Each is matched as a whole line (see printed-help.ts).
 */
export const ANSWER_HELP: Row = {
  fr: [String.raw`(?:veuillez )?(?:choisir|choisissez|s[ée]lectionne[rz]) (?:la|une|les|toutes les|une seule des) (?:r[ée]ponses? )?(?:appropri[ée]e?s? |propositions suivantes|r[ée]ponses? ci-dessous)[^.?]{0,40}`, String.raw`(?:veuillez )?(?:[ée]crire|saisir|entrer|[ée]crivez) votre r[ée]ponse ici`, String.raw`cochez la ou les r[ée]ponses?`],
  es: [String.raw`(?:por favor,? )?(?:seleccione|elija) (?:la respuesta apropiada|(?:s[óo]lo )?una de las siguientes opciones|todas las que correspondan)[^.?]{0,40}`, String.raw`(?:por favor,? )?escriba su respuesta aqu[ií]`, String.raw`(?:por favor,? )?marque (?:todas )?las opciones que correspondan`],
  de: [String.raw`(?:bitte )?w[äa]hlen sie (?:die zutreffende antwort|nur eine der folgenden antworten|alle zutreffenden antworten|eine der folgenden antworten)(?: f[üu]r jeden punkt)? aus`, String.raw`bitte (?:geben|tragen) sie ihre antwort hier ein`, String.raw`bitte schreiben sie ihre antwort hier`],
  pt: [String.raw`(?:por favor,? )?(?:selecione|escolha) (?:a resposta apropriada|uma das seguintes op[çc][õo]es|todas as que se aplicam)[^.?]{0,40}`, String.raw`(?:por favor,? )?escreva a sua resposta aqui`],
  it: [String.raw`(?:per favore,? )?(?:scegli|seleziona) (?:la risposta appropriata|solo una delle seguenti|tutte le voci applicabili)[^.?]{0,40}`, String.raw`(?:per favore,? )?scrivi la tua risposta qui`],
  nl: [String.raw`(?:kies|selecteer) (?:het juiste antwoord|[ée][ée]n van de volgende mogelijkheden|alle mogelijkheden die van toepassing zijn)[^.?]{0,40}`, String.raw`vul uw antwoord hier in`],
  da: [],
};

/**
 * The help line a survey tool's printable view sets under a number field ("Only numbers may be entered in this
 * field."): the answer is a number, whatever the text-box help line after it says.
 */
export const NUMBERS_ONLY: Row = {
  fr: [String.raw`seuls (?:des|les) (?:nombres|chiffres) peuvent [êe]tre (?:saisis|entr[ée]s)`],
  es: [String.raw`s[óo]lo se pueden (?:introducir|ingresar|escribir) n[úu]meros`],
  de: [String.raw`in dieses feld d[üu]rfen nur (?:zahlen|ziffern)`, String.raw`nur (?:zahlen|ziffern) (?:sind )?(?:erlaubt|zul[äa]ssig)`],
  pt: [String.raw`(?:s[óo]|apenas) (?:podem ser|pode) (?:introduzidos|inseridos|digitados) n[úu]meros`],
  it: [String.raw`(?:si possono|[èe] possibile) inserire solo numeri`],
  nl: [String.raw`alleen (?:getallen|cijfers) (?:kunnen|mogen) (?:hier )?worden ingevuld`],
};

/** "(Question ouverte)", "(offene Frage)": the question is answered in the respondent's own words. */
export const OPEN_ANSWER: Row = {
  fr: [String.raw`question ouverte`, String.raw`r[ée]ponse (?:ouverte|libre)`],
  es: [String.raw`pregunta abierta`, String.raw`respuesta (?:abierta|libre)`],
  de: [String.raw`offene (?:frage|antwort|nennung)`, String.raw`freitext`],
  pt: [String.raw`pergunta aberta`, String.raw`resposta (?:aberta|livre)`],
  it: [String.raw`domanda aperta`, String.raw`risposta (?:aperta|libera)`],
  nl: [String.raw`open vraag`, String.raw`open antwoord`],
  pl: [String.raw`pytanie otwarte`, String.raw`odpowied[źz] otwarta`],
  id: [String.raw`pertanyaan terbuka`, String.raw`jawaban terbuka`],
};

/** The word that names a question: "Question 3", "Pregunta 3", "Frage 3". */
export const QUESTION_NOUN: Row = {
  fr: ["question"],
  es: ["pregunta"],
  de: ["frage"],
  pt: ["pergunta", "questão", "questao"],
  it: ["domanda"],
  nl: ["vraag"],
  da: ["spørgsmål"],
  sv: ["frågan", "fråga"],
  no: ["spørsmål"],
  pl: ["pytania", "pytanie", "pytaniu"],
};
/** The question noun in the plural, as a label over a list of questions ("Preguntas:", "Fragen:"; English as French). */
export const QUESTION_NOUN_PLURAL: Row = {
  fr: ["questions"],
  es: ["preguntas"],
  de: ["fragen"],
  pt: ["perguntas", "questões", "questoes"],
  it: ["domande"],
  nl: ["vragen"],
  da: ["spørgsmål"],
  sv: ["frågor"],
  no: ["spørsmål"],
  pl: ["pytania"],
};
/** The one-letter short form a question noun gives its number in filters ("Pregunta 5" → "P5", "Frage 5" → "F5"). */
const QUESTION_NOUN_INITIAL: [RegExp, string][] = [
  [/^(?:pregunta|pergunta|questão|questao)/i, "P"],
  [/^frage/i, "F"],
  [/^domanda/i, "D"],
  [/^vraag/i, "V"],
];

/** Words that head a section: "PARTIE 2", "Sección B", "Teil 3", "Abschnitt C", "Bloque 4". */
export const SECTION_NOUN: Row = {
  fr: ["partie", "rubrique", "bloc", "chapitre"],
  es: ["sección", "seccion", "parte", "bloque", "módulo", "modulo", "apartado"],
  de: ["teil", "abschnitt", "block", "modul", "kapitel"],
  pt: ["seção", "secção", "secao", "parte", "bloco", "módulo"],
  it: ["sezione", "parte", "blocco", "modulo"],
  nl: ["deel", "onderdeel", "blok"],
  da: ["afsnit", "del"],
};

/** "End of the questionnaire". */
export const END_OF_QUESTIONNAIRE: Row = {
  fr: [String.raw`fin(?: du questionnaire| de l'entretien| de l'enqu[êe]te)?`],
  es: [String.raw`fin(?: de la encuesta| del cuestionario| de la entrevista)?`],
  de: [String.raw`ende(?: des fragebogens| der befragung| des interviews)?`],
  pt: [String.raw`fim(?: do question[áa]rio| da entrevista| do inqu[ée]rito)?`],
  it: [String.raw`fine(?: del questionario| dell'intervista)?`],
  nl: [String.raw`einde(?: van de vragenlijst| van het interview)?`],
  da: [String.raw`tak for (?:din|jeres) (?:tid|deltagelse|besvarelse|hj[æa]lp)`],
};

/**
 * A follow-up that depends on the answer just before it: "Si oui", "Wenn ja", "Se sim"; and the words that answer
 * yes or no in that language (the labels of the assumed answers when the earlier question prints none).
 */
export const FOLLOW_UP_LEAD_INS: { language: Language; yes: string; no: string; ifYes: RegExp; ifNo: RegExp }[] = [
  {
    language: "fr", yes: "Oui", no: "Non",
    ifYes: /^(?:si\s+oui\b|dans l'affirmative|si vous avez r[ée]pondu\s+(?:«\s*|")?oui\b)/i,
    ifNo: /^(?:si\s+non\b|dans la n[ée]gative|si vous avez r[ée]pondu\s+(?:«\s*|")?non\b)/i,
  },
  {
    language: "es", yes: "Sí", no: "No",
    ifYes: /^(?:si\s+s[ií](?![a-zà-öø-ÿ])|en caso afirmativo|si (?:respondi[óo]|contest[óo]|ha respondido|marc[óo])\s+(?:que\s+)?["“«]?s[ií](?![a-zà-öø-ÿ]))/i,
    ifNo: /^(?:(?:si|en caso de que)\s+no\b|en caso negativo|si (?:respondi[óo]|contest[óo]|ha respondido|marc[óo])\s+(?:que\s+)?["“«]?no\b)/i,
  },
  {
    language: "pt", yes: "Sim", no: "Não",
    ifYes: /^(?:se\s+sim\b|se (?:voc[êe] )?respondeu\s+["“]?sim\b|em caso afirmativo|caso (?:sim|afirmativo))/i,
    ifNo: /^(?:se\s+n[ãa]o(?![a-zà-öø-ÿ])|em caso negativo|caso (?:n[ãa]o|negativo))/i,
  },
  {
    language: "de", yes: "Ja", no: "Nein",
    ifYes: /^(?:(?:wenn|falls)\s+ja\b|(?:wenn|falls) sie (?:mit |bei frage \S+ )?["„]?ja["“]? (?:geantwortet|angekreuzt|gew[äa]hlt))/i,
    ifNo: /^(?:wenn|falls)\s+nein\b/i,
  },
  { language: "it", yes: "Sì", no: "No", ifYes: /^(?:se\s+s[iì](?![a-zà-öø-ÿ])|in caso affermativo)/i, ifNo: /^(?:se\s+no\b|in caso negativo)/i },
  { language: "nl", yes: "Ja", no: "Nee", ifYes: /^(?:zo ja|indien ja|als ja)\b/i, ifNo: /^(?:zo nee|indien nee|als nee|zo niet)\b/i },
  { language: "da", yes: "Ja", no: "Nej", ifYes: /^hvis\s+ja\b/i, ifNo: /^hvis\s+(?:nej|ikke)\b/i },
  { language: "sv", yes: "Ja", no: "Nej", ifYes: /^om\s+ja\b/i, ifNo: /^om\s+(?:nej|inte)\b/i },
  { language: "no", yes: "Ja", no: "Nei", ifYes: /^(?:hvis|dersom)\s+ja\b/i, ifNo: /^(?:hvis|dersom)\s+(?:nei|ikke)\b/i },
  { language: "pl", yes: "Tak", no: "Nie", ifYes: /^(?:je[śs]li|je[żz]eli)\s+tak\b/i, ifNo: /^(?:je[śs]li|je[żz]eli)\s+nie\b/i },
];

/** The words that answer yes and no, as alternations (the answers printed, not the lead-ins above). */
export const YES_WORDS = String.raw`yes|oui|s[ií]|sim|ja|sì|tak`;
export const NO_WORDS = String.raw`no|non|não|nao|nein|nee|nej|nei|nie`;

// (The CJK words keep `\b`, as before: bounded by NOT_LETTER, "有" would also start "有时", "sometimes".)
export const YES_ANSWER = new RegExp(String.raw`^(?:(?:yes|oui|s[ií]|sim|ja|sì|tak)${NOT_LETTER}|(?:是|有|はい)\b)`, "i");
export const NO_ANSWER = new RegExp(String.raw`^(?:(?:no|non|não|nao|nein|nee|nej|nei|nie)${NOT_LETTER}|(?:否|没有|いいえ)\b)`, "i");

/** "Don't know" / "No answer" / "Refused" / "None" answers. */
export const NONE_OR_DONT_KNOW: Row = {
  fr: [String.raw`aucun(?:e)?`, "rien", String.raw`ne sait pas`, String.raw`je ne sais pas`, String.raw`ne sais pas`, String.raw`sans opinion`, String.raw`sans r[ée]ponse`, String.raw`refus`, String.raw`ne se prononce pas`, String.raw`nsp\b`, String.raw`(?:je )?pr[ée]f[èe]re ne pas (?:r[ée]pondre|le dire|dire)`],
  es: [String.raw`ningun[oa]`, "nada", String.raw`no sabe`, String.raw`no s[ée]`, String.raw`ns\/nc`, String.raw`no contesta`, String.raw`no responde`, String.raw`prefiero no (?:decir|responder|contestar)`],
  de: [String.raw`keine?[rs]?\b`, "nichts", String.raw`wei(?:ß|ss) nicht`, String.raw`keine angabe`, String.raw`verweigert`, String.raw`m[öo]chte (?:ich )?nicht (?:sagen|antworten)`],
  pt: [String.raw`nenhum(?:a)?`, String.raw`n[ãa]o sei`, String.raw`n[ãa]o sabe`, String.raw`n[ãa]o respondeu`, String.raw`prefiro n[ãa]o (?:dizer|responder)`, String.raw`ns\/nr`],
  it: [String.raw`non so`, String.raw`nessun[oa]?`, String.raw`preferisco non (?:rispondere|dire)`],
  nl: [String.raw`weet (?:ik )?niet`, String.raw`geen (?:antwoord|mening)`],
  da: [String.raw`ved ikke`, String.raw`[øo]nsker ikke at svare`, String.raw`ingen af (?:dem|disse)`],
};

/** "Other" as an answer that asks to be specified. */
export const OTHER_WORDS: Row = {
  fr: ["autre", "autres"],
  es: ["otro", "otra", "otros", "otras"],
  de: [String.raw`andere[rs]?`, String.raw`sonstige[rs]?`, "sonstiges"],
  pt: ["outro", "outra", "outros", "outras"],
  it: ["altro", "altra", "altri"],
  nl: ["anders", "overig", "overige"],
  da: ["andet", "andre"],
};
/** "(please specify)": the words that ask for the other answer to be written in. */
export const SPECIFY_WORDS: Row = {
  fr: [String.raw`pr[ée]cis\w*`],
  es: [String.raw`especifi\w*`],
  de: ["angeben", "nennen", String.raw`bitte angeben`, String.raw`und zwar`],
  pt: [String.raw`especifi\w*`],
  it: [String.raw`specifica\w*`],
  nl: [String.raw`namelijk`, String.raw`specificeer\w*`],
  da: [String.raw`angiv`, String.raw`uddyb`, String.raw`skriv`],
};

/** "How many" / "Number of" / "Percent": the answer is a number (when no answers are printed to choose from). */
export const AMOUNT_WORDS: Row = {
  // (Also a year asked for and a unit in brackets: "En quelle année …", "(en m²)", "(en euro)".)
  // (and a distance or an amount of money: "A quelle distance …", "Montant Frw"; a price asked for, as a pricing
  // study asks it: "À partir de quel prix …", "¿A qué precio …?".)
  fr: ["combien", String.raw`nombre de`, "pourcentage", String.raw`[àa] quelle distance`, "montant", String.raw`[àa] (?:partir de )?quel prix`, String.raw`quel [âa]ge`, String.raw`en quelle ann[ée]e`, String.raw`ann[ée]e de naissance`, String.raw`\(en (?:m²|m2|euros?|€|ann[ée]es|heures|km|chiffres?)\)`],
  es: [String.raw`cu[áa]nt[oa]s`, String.raw`n[úu]mero de`, "porcentaje", String.raw`a qu[ée] distancia`, "monto", String.raw`(?:a|desde) qu[ée] precio`, String.raw`qu[ée] edad`, String.raw`en qu[ée] a[ñn]o`, String.raw`a[ñn]o de nacimiento`, String.raw`\(en (?:m²|m2|euros?|€|a[ñn]os|horas|km)\)`],
  de: [String.raw`wie ?viel(?:e[n]?)?`, "anzahl", "prozent", String.raw`wie weit`, "betrag", String.raw`(?:zu|ab) welchem preis`, String.raw`wie alt`, String.raw`in welchem jahr`, "geburtsjahr", String.raw`\(in (?:m²|m2|euro|€|jahren|stunden|km)\)`],
  pt: [String.raw`quant[oa]s`, String.raw`n[úu]mero de`, String.raw`p[eo]rcentagem`, String.raw`a que dist[âa]ncia`, "montante", String.raw`(?:a|por|a partir de) que pre[çc]o`, String.raw`que idade`, String.raw`em que ano`, String.raw`ano de nascimento`, String.raw`\(em (?:m²|m2|reais|euros?|anos|horas|km)\)`],
  it: [String.raw`quant[ie]`, String.raw`numero di`, "percentuale", String.raw`a che distanza`, "importo", String.raw`a (?:quale|che) prezzo`, String.raw`in che anno`, String.raw`anno di nascita`],
  nl: ["hoeveel", "aantal", "percentage"],
  da: [String.raw`hvor mange`, "antal", "procent"],
  id: ["berapa", "jumlah", "luas", "persentase", String.raw`tahun berapa`],
};

/**
 * "In what year" / "Year of birth": the answer is a year, a number ("En quelle année …", "Geburtsjahr", "¿En qué
 * año …?"). English is in the detector's own pattern.
 */
export const YEAR_ASKED: Row = {
  fr: [String.raw`quelle ann[ée]e`, String.raw`ann[ée]e de (?:naissance|cr[ée]ation)`],
  es: [String.raw`qu[ée] a[ñn]o`, String.raw`a[ñn]o de nacimiento`],
  de: [String.raw`welchem jahr`, String.raw`geburtsjahr`, String.raw`jahrgang`],
  pt: [String.raw`que ano`, String.raw`ano de nascimento`],
  it: [String.raw`quale anno`, String.raw`che anno`, String.raw`anno di nascita`],
  nl: [String.raw`welk jaar`, String.raw`geboortejaar`],
  da: [String.raw`hvilket [åa]r`, String.raw`f[øo]dsels[åa]r`],
};

/** The word that puts an answer in a unit ("(en m²)", "in Hektar", "em reais"): "in". English's "in" is here too. */
export const IN_UNIT_WORDS: Row & { en: string[] } = {
  en: ["in"],
  fr: ["en"],
  es: ["en"],
  de: ["in"],
  pt: ["em"],
  it: ["in"],
  nl: ["in"],
  da: ["i"],
};

/**
 * Units an amount is asked in: area, mass, money, energy (language-neutral symbols and the words for them). An
 * answer asked "in hectares" or "(en euro)" is a number.
 */
export const AMOUNT_UNITS: Row & { en: string[] } = {
  en: [String.raw`m[²2]`, String.raw`km[²2]`, "ha", String.raw`hectares?`, String.raw`acres?`, "t", String.raw`tonnes?`, String.raw`tons?`, "€", String.raw`euros?`, "eur", String.raw`\$`, "usd", String.raw`dollars?`, "£", "gbp", String.raw`pounds sterling`, "chf", "kwh", "mwh", String.raw`hours per (?:day|week)`, "mg", String.raw`milligrams?`, "mcg", String.raw`micrograms?`, String.raw`grams`, String.raw`kilograms`, "years", "months", "weeks", "days", "hours", "minutes"],
  fr: [String.raw`hectares?`, String.raw`m[èe]tres? carr[ée]s`, String.raw`heures`, String.raw`ann[ée]es`, "mois", "jours", String.raw`francs?`],
  es: [String.raw`hect[áa]reas?`, String.raw`metros cuadrados`, String.raw`pesos`, String.raw`horas`, String.raw`a[ñn]os`, "meses", String.raw`d[íi]as`],
  de: ["hektar", String.raw`quadratmetern?`, String.raw`tonnen`, String.raw`stunden`, String.raw`jahren`, String.raw`monaten`, String.raw`tagen`],
  pt: [String.raw`hectares?`, String.raw`reais`, String.raw`horas`, "anos", "meses", "dias"],
  it: [String.raw`ettari`, String.raw`ore`, "anni", "mesi", "giorni"],
  nl: [String.raw`hectare`, String.raw`uren`, "jaren", "maanden", "dagen"],
  da: [String.raw`hektar`, String.raw`kroner`, "kr", String.raw`timer`, String.raw`m[åa]neder`, "dage"],
  id: ["hektar", "rupiah", "tahun", "bulan", "hari", "jam", "ekor"],
};

/**
 * Units written beside an answer blank ("______ kg milk", "____ ha", "…… ans", "____ Jahre"): measures and time
 * spans, per language (the AMOUNT_UNITS count too).
 */
export const BLANK_UNITS: Row & { en: string[] } = {
  en: ["kg", "g", String.raw`lbs?`, "cm", "mm", "m", "km", "l", "ml", "%", String.raw`per ?cent`, String.raw`years?`, String.raw`months?`, String.raw`weeks?`, String.raw`days?`, String.raw`hours?`, String.raw`hrs?`, String.raw`min(?:utes?)?`, String.raw`times`, String.raw`people`, String.raw`persons?`],
  fr: ["ans", "mois", "semaines", "jours", "heures", "fois", "personnes", String.raw`pour ?cent`],
  es: [String.raw`a[ñn]os`, "meses", "semanas", String.raw`d[íi]as`, "horas", "veces", "personas", "por ciento"],
  de: ["jahre", "monate", "wochen", "tage", "stunden", "mal", "personen", "stück", "prozent"],
  pt: ["anos", "meses", "semanas", "dias", "horas", "vezes", "pessoas", "por cento"],
  it: ["anni", "mesi", "settimane", "giorni", "ore", "volte", "persone", "per cento"],
  nl: ["jaar", "maanden", "weken", "dagen", "uur", "keer", "personen", "procent"],
  da: [String.raw`[åa]r`, String.raw`m[åa]neder`, "uger", "dage", "timer", "gange", "personer"],
  // Chinese, Japanese and Korean forms print the unit right after the blank ("____元", "____岁", "____회"). (The bare
  // year, month and day characters are left out: "____年____月" is a date.)
  zh: ["元", "万元", "块", "岁", "周岁", "个月", "天", "小时", "分钟", "次", "人", "个", "公斤", "公里", "平方米", "平米"],
  ja: ["円", "万円", "歳", "才", "ヶ月", "か月", "週間", "時間", "分", "回", "人"],
  ko: ["원", "만원", "세", "살", "개월", "시간", "분", "회", "번", "명"],
};

/** The respondent's age asked by its noun alone ("Edad", "Votre âge", "Alter:"), per language (English's is in interpret.ts). */
export const AGE_NOUN: Row = {
  fr: [String.raw`(?:votre |ton )?[âa]ge`],
  es: [String.raw`(?:su |tu )?edad`],
  de: [String.raw`(?:ihr |dein )?alter`],
  pt: [String.raw`(?:sua |a sua )?idade`],
  it: [String.raw`(?:la (?:sua |tua )?)?et[àa]`],
  nl: [String.raw`(?:uw |je )?leeftijd`],
  da: ["alder"],
  sv: ["ålder"],
  no: ["alder"],
  pl: ["wiek"],
  id: ["umur", "usia"],
};

/** A printed year format with nothing else ("(AAAA)", "(YYYY)", "(JJJJ)"): the answer is a year. */
export const YEAR_FORMATS = "yyyy|aaaa|jjjj|åååå";

/** "and" joining two named scale points ("1 = très mauvais et 5 = excellent", "1 = muy malo y 5 = excelente"). */
export const AND_WORDS: Row = {
  fr: ["et"],
  es: ["y"],
  de: ["und"],
  pt: ["e"],
  it: ["e"],
  nl: ["en"],
  da: ["og"],
};

/** "1 means …": the verb a scale legend names an end point with ("1 bedeutet „gar nicht“", "1 signifie « jamais »"). */
export const MEANS_WORDS: Row = {
  fr: ["signifie", "correspond [àa]", "veut dire"],
  es: ["significa", "corresponde a", "quiere decir"],
  de: ["bedeutet", "steht f[üu]r", "entspricht"],
  pt: ["significa", "corresponde a", "quer dizer"],
  it: ["significa", "corrisponde a", "vuol dire"],
  nl: ["betekent", "staat voor"],
  da: ["betyder", "st[åa]r for"],
};

/** The noun a rating question names its scale with ("auf einer Skala von 0 bis 10", "sur une échelle de 1 à 5"). */
export const SCALE_NOUN: Row & { en: string[] } = {
  en: ["scale"],
  fr: ["[ée]chelle"],
  es: ["escala"],
  pt: ["escala"],
  it: ["scala"],
  de: ["skala"],
  nl: ["schaal"],
  da: ["skala"],
  sv: ["skala"],
  no: ["skala"],
  pl: ["skali", "skala"],
};

/** What a legend of answers is called when it is stated once for several questions ("Answer options for questions 6–9"). */
export const ANSWER_OPTIONS_NOUN: Row & { en: string[] } = {
  en: [String.raw`(?:answer|response)\s+(?:options|choices|categories|alternatives|scale)`],
  fr: [String.raw`(?:options|choix|modalit[ée]s)\s+de\s+r[ée]ponses?`],
  es: [String.raw`(?:opciones|alternativas|categor[íi]as)\s+de\s+respuestas?`],
  pt: [String.raw`(?:op[çc][õo]es|alternativas|categorias)\s+de\s+respostas?`],
  it: [String.raw`(?:opzioni|modalit[àa])\s+di\s+risposta`],
  de: ["antwortm[öo]glichkeiten", "antwortoptionen", "antwortkategorien", "antwortvorgaben"],
  nl: ["antwoordmogelijkheden", "antwoordopties", "antwoordcategorie[ëe]n"],
  da: ["svarmuligheder"],
  sv: ["svarsalternativ"],
  no: ["svaralternativer"],
  pl: [String.raw`(?:opcje|kategorie)\s+odpowiedzi`],
};

/** A request that opens a stem ("Indique …", "Please rate …", "Bewerten Sie …"): what asks for the rows below it. */
export const REQUEST_OPENERS: Row & { en: string[] } = {
  en: [String.raw`(?:please\s+)?(?:indicate|rate|tell us|mark|select|choose|circle|tick|assess|evaluate|score)\b`],
  fr: [String.raw`(?:veuillez\s+)?(?:indiquez?|[ée]valuez?|notez|cochez|entourez)${NOT_LETTER}`],
  es: [String.raw`(?:por favor,?\s+)?(?:indique|valore|señale|marque|califique|eval[úu]e|punt[úu]e)${NOT_LETTER}`],
  pt: [String.raw`(?:por favor,?\s+)?(?:indique|avalie|assinale|marque|classifique)${NOT_LETTER}`],
  it: [String.raw`(?:per favore,?\s+)?(?:indichi|indica|valuti|valuta|segnali)${NOT_LETTER}`],
  de: [String.raw`(?:bitte\s+)?(?:bewerten|beurteilen|kreuzen) sie${NOT_LETTER}`, String.raw`bitte (?:bewerten|beurteilen|kreuzen|geben) sie${NOT_LETTER}`],
  nl: [String.raw`(?:geef aan|beoordeel)${NOT_LETTER}`],
};

/**
 * Help on how to fill the answer, printed under the wording before the answers ("Répondez en nombre de mois.",
 * "Indiquez le lieu de la première prise de poste …", "Answer in whole years."): it opens with a request verb.
 */
export const ANSWERING_HELP: Row & { en: string[] } = {
  en: [String.raw`answer (?:in|as|with)\b`, String.raw`(?:please\s+)?(?:indicate|give|count|include|exclude) (?:the|only|your|all|any)\b`, String.raw`do not (?:count|include)\b`],
  fr: [String.raw`(?:veuillez\s+)?(?:r[ée]pondez|indiquez|pr[ée]cisez|comptez|incluez)\s+(?:en|le|la|les|l['’]|un|une|uniquement|seulement|m[êe]me|si)${NOT_LETTER}`, String.raw`ne (?:comptez|tenez compte|incluez) pas${NOT_LETTER}`],
  es: [String.raw`(?:por favor,?\s+)?(?:responda|indique|cuente|incluya)\s+(?:en|el|la|los|las|solo|s[óo]lamente|si)${NOT_LETTER}`, String.raw`no (?:cuente|incluya)${NOT_LETTER}`],
  pt: [String.raw`(?:por favor,?\s+)?(?:responda|indique|conte|inclua)\s+(?:em|o|a|os|as|apenas|s[óo]|se)${NOT_LETTER}`, String.raw`n[ãa]o (?:conte|inclua)${NOT_LETTER}`],
  de: [String.raw`(?:bitte\s+)?(?:antworten|z[äa]hlen) sie${NOT_LETTER}`, String.raw`bitte (?:in|als) (?:ganzen|vollen)${NOT_LETTER}`],
};

/**
 * A web survey specification's answer line that stands for the field itself ("Entrez l'année et le mois de
 * naissance", "Insérer une liste déroulante", "Ingrese el código"): a typed answer, not a choice.
 */
export const ENTRY_PROMPT: Row = {
  fr: [String.raw`(?:entrez|entrer|saisissez|saisir|inscrivez|inscrire)\s+(?:l['’]|le|la|les|votre|vos|un|une|des)\s*\S`, String.raw`ins[ée]r(?:er|ez) une liste d[ée]roulante`],
  es: [String.raw`(?:ingrese|introduzca|escriba|anote)\s+(?:el|la|los|las|su|sus|un|una)\s+\S`, String.raw`insertar (?:una )?lista desplegable`],
  pt: [String.raw`(?:digite|insira|escreva)\s+(?:o|a|os|as|seu|sua|um|uma)\s+\S`, String.raw`inserir (?:uma )?lista suspensa`],
  de: [String.raw`(?:bitte\s+)?(?:geben sie|tragen sie)\s+(?:das|den|die|ihre?n?)\s+\S.{0,40}\s(?:ein|an)`, String.raw`dropdown[- ]liste einf[üu]gen`],
  it: [String.raw`(?:inserisca|inserire|scriva)\s+(?:il|la|l['’]|i|le|un|una)\s*\S`],
};

/**
 * The label of the space to write an answer in, printed alone on the line under a question ("Answer:", "→Yanıt:",
 * "Jawaban:"): the line is the question's write-in field, not an answer to choose.
 */
export const ANSWER_SPACE_LABEL: Row & { en: string[] } = {
  en: [String.raw`answer`, String.raw`your answer`, String.raw`response`, String.raw`reply`],
  fr: [String.raw`r[ée]ponse`, String.raw`votre r[ée]ponse`],
  es: [String.raw`respuesta`, String.raw`su respuesta`],
  pt: [String.raw`resposta`, String.raw`sua resposta`],
  de: [String.raw`antwort`, String.raw`ihre antwort`],
  it: [String.raw`risposta`],
  nl: [String.raw`antwoord`],
  id: [String.raw`jawab(?:an)?`, String.raw`jawaban anda`],
  tr: [String.raw`yan[ıi]t(?:[ıi]n[ıi]z)?`, String.raw`cevab[ıi]n[ıi]z`, String.raw`cevap`],
  vi: [String.raw`tr[ảa] l[ờo]i`],
  sw: [String.raw`jibu`],
  pl: [String.raw`odpowied[źz]`],
};

/** The word between a scale's two end points ("1 to 5", "1 bis 5", "1 à 5", "del 1 al 10"). */
export const RANGE_TO: Row & { en: string[] } = {
  en: ["to"],
  fr: ["[àa]"],
  es: ["al?"],
  pt: ["a", "at[ée]"],
  it: ["a"],
  de: ["bis"],
  nl: ["tot"],
  da: ["til"],
  sv: ["till"],
  no: ["til"],
  pl: ["do"],
};

/** Words that open a question ("Quel…", "¿Cuál…", "Wie…", "Qual…"): a line that starts with one asks. */
export const INTERROGATIVES: Row = {
  fr: [String.raw`quel(?:le)?s?`, "combien", "comment", "pourquoi", "quand", "lequel", "laquelle", "lesquel(?:le)?s", String.raw`est-ce`, "avez-vous", "êtes-vous", "pensez-vous", "diriez-vous"],
  es: [String.raw`¿`, String.raw`cu[áa]l(?:es)?`, String.raw`cu[áa]nt[oa]s?`, String.raw`c[óo]mo`, String.raw`qu[ée]`, String.raw`d[óo]nde`, String.raw`cu[áa]ndo`, String.raw`por qu[ée]`],
  de: ["wie", "welche[rsnm]?", "was", "wann", "warum", "wo", "wer", "wieviel(?:e)?", "haben sie", "sind sie", "würden sie"],
  pt: [String.raw`qual`, "quais", String.raw`quant[oa]s?`, "como", "onde", "quando", String.raw`por que`],
  it: ["quale", "quali", String.raw`quant[oi]`, "dove", "quando", String.raw`perch[ée]`],
  nl: ["welke", "hoeveel", "waarom", "wanneer", "hoe vaak"],
  da: ["hvad", String.raw`hvilke[nt]?`, "hvor", "hvorfor", "hvornår", "hvem", "hvordan"],
};

/**
 * A question asked by inverting verb and subject, as French writes it ("Possédez-vous", "Le jeu est-il",
 * "dispose-t-il", "diriez-vous"): the wording asks even when the question mark is on a later line.
 */
export const FRENCH_INVERSION = /\p{L}-(?:t-)?(?:vous|il|elle|ils|elles|on|tu|nous)\b/iu;

/**
 * The auxiliary verbs a yes/no question opens with in the other languages ("Avez-vous …", "Haben Sie …",
 * "¿Tiene …"); English's are in the detector's own pattern.
 */
export const YES_NO_OPENERS = String.raw`est-ce|(?:avez|êtes|pouvez|voulez|devez|savez|poss[ée]dez|disposez|connaissez|utilisez|pourriez|seriez|devrions|pourrions|existe)[-\s]|(?:haben|sind|ist|gibt|können|kennen)\s|¿?(?:tiene|es|está|hay|ha)\s`;

/** The sources above as one alternation each, for use inside a detector's own pattern. */
export const CUES = {
  single: Object.values(SINGLE_ANSWER).flat().join("|"),
  multi: Object.values(MULTIPLE_ANSWERS).flat().join("|"),
  perRow: Object.values(PER_ROW).flat().join("|"),
  openEnding: Object.values(OPEN_ENDING_WORDS).flat().join("|"),
  readOut: Object.values(READ_OUT).flat().join("|"),
  goTo: Object.values(GO_TO).flat().join("|"),
  questionNoun: Object.values(QUESTION_NOUN).flat().join("|"),
  questionNounPlural: Object.values(QUESTION_NOUN_PLURAL).flat().join("|"),
  sectionNoun: Object.values(SECTION_NOUN).flat().join("|"),
  end: Object.values(END_OF_QUESTIONNAIRE).flat().join("|"),
  noneOrDontKnow: Object.values(NONE_OR_DONT_KNOW).flat().join("|"),
  answerHelp: Object.values(ANSWER_HELP).flat().join("|"),
  numbersOnly: Object.values(NUMBERS_ONLY).flat().join("|"),
  openAnswer: Object.values(OPEN_ANSWER).flat().join("|"),
  other: Object.values(OTHER_WORDS).flat().join("|"),
  specify: Object.values(SPECIFY_WORDS).flat().join("|"),
  interrogative: Object.values(INTERROGATIVES).flat().join("|"),
  amount: Object.values(AMOUNT_WORDS).flat().join("|"),
  and: Object.values(AND_WORDS).flat().join("|"),
  means: Object.values(MEANS_WORDS).flat().join("|"),
  scale: Object.values(SCALE_NOUN).flat().join("|"),
  rangeTo: Object.values(RANGE_TO).flat().join("|"),
  answerOptions: Object.values(ANSWER_OPTIONS_NOUN).flat().join("|"),
  requestOpener: Object.values(REQUEST_OPENERS).flat().join("|"),
  answeringHelp: Object.values(ANSWERING_HELP).flat().join("|"),
  entryPrompt: Object.values(ENTRY_PROMPT).flat().join("|"),
  answerSpace: Object.values(ANSWER_SPACE_LABEL).flat().join("|"),
};

const OPENS_WITH_QUESTION_WORD = new RegExp(`^(?:${CUES.interrogative})(?![a-zà-öø-ÿ])`, "i");

/**
 * Wording that asks in a language other than English even before its question mark: it opens with a question word
 * ("Quels sont, selon vous, …", "Welche …") or asks by inversion ("Concernant votre orientation, avez-vous …").
 */
export function asksWithoutQuestionMark(text: string): boolean {
  const trimmed = text.trim();
  return FRENCH_INVERSION.test(trimmed) || OPENS_WITH_QUESTION_WORD.test(trimmed);
}

/** The short form a question noun gives its number ("Pregunta 5" → "P5"), if the language has one. */
export function questionNounInitial(word: string): string | undefined {
  return QUESTION_NOUN_INITIAL.find(([pattern]) => pattern.test(word))?.[1];
}

/** A name made of a question noun's initial and a number ("P3", "F12a"); the letters are the table's initials. */
export const QUESTION_NOUN_INITIAL_NAME = /^[PFDV](\d.*)$/;
/** Every letter a question noun shortens to (kept in step with QUESTION_NOUN_INITIAL_NAME by its test). */
export const QUESTION_NOUN_INITIALS: readonly string[] = QUESTION_NOUN_INITIAL.map(([, initial]) => initial);

// ------------------------------------------------------------------------------------------ sentence conditions
// The pieces of a condition written as a sentence ("Si vous avez répondu oui à la question 5, …", "Wenn Sie
// Frage 3 mit ja beantwortet haben", "Als u ja hebt geantwoord op vraag 6", "Jeśli nie, przejdź do pytania 7"),
// read by sentence-conditions.ts. English is in the rows too here: the reader has no pattern of its own.

/** The word that opens a condition: "if". */
export const IF_WORDS: Row & { en: string[] } = {
  en: ["if"],
  fr: ["si"],
  es: ["si"],
  de: ["wenn", "falls"],
  pt: ["se", "caso"],
  it: ["se"],
  nl: ["als", "indien"],
  da: ["hvis"],
  sv: ["om"],
  no: ["hvis", "dersom"],
  pl: [String.raw`je[śs]li`, String.raw`je[żz]eli`],
  id: ["jika", "apabila", "bila", "kalau"],
};

/** "Ask": the word a filter naming its question opens with ("[POSER QENFAN SI QAGE>2000]", "PREGUNTAR P5 SI P4=1"); English has its own patterns. */
export const ASK_WORDS: Row = {
  fr: ["poser", "posez", "demander"],
  es: ["preguntar", "pregunte", "hacer"],
  de: ["fragen", "stellen"],
  pt: ["perguntar", "pergunte", "fazer"],
  it: ["porre", "chiedere", "domandare"],
  nl: ["vragen", "stellen", "stel"],
};

/** "Coded": the word that says an answer's code was recorded ("if coded 1 at 402", "jika 406 berkode 1"). */
export const CODED_WORDS: Row & { en: string[] } = {
  en: [String.raw`(?:(?:is|was)\s+)?coded`, "code"],
  fr: [String.raw`(?:(?:est|a\s+[ée]t[ée])\s+)?cod[ée]e?`, "code"],
  es: [String.raw`(?:(?:es|fue)\s+)?codificad[oa]`, String.raw`c[óo]digo`],
  pt: [String.raw`(?:(?:[ée]|foi)\s+)?codificad[oa]`, String.raw`c[óo]digo`],
  de: [String.raw`(?:(?:ist|wurde)\s+)?(?:kodiert|codiert)`, "code"],
  id: ["berkode", "kode"],
};

/** "You answered" written before the answer it quotes ("si vous avez répondu oui", "si respondió No"). */
export const ANSWERED_BEFORE: Row & { en: string[] } = {
  en: [String.raw`(?:you|they|the respondent|respondent)\s+(?:answered|said|selected|chose|ticked|marked|replied)`, String.raw`the\s+answer\s+(?:is|was)`],
  fr: [String.raw`(?:vous\s+avez|tu\s+as)\s+(?:r[ée]pondu|coch[ée]|choisi|s[ée]lectionn[ée]|indiqu[ée])`, String.raw`la\s+r[ée]ponse\s+(?:est|[ée]tait)`],
  es: [String.raw`la\s+respuesta\s+(?:es|fue)`, String.raw`(?:usted\s+)?(?:ha\s+)?(?:respondi[óo]|respondido|contest[óo]|contestado|marc[óo]|marcado|eligi[óo]|elegido|seleccion[óo]|seleccionado|respondiste|contestaste|marcaste)`],
  pt: [String.raw`a\s+resposta\s+(?:[ée]|foi)`, String.raw`(?:voc[êe]\s+)?(?:respondeu|marcou|escolheu|assinalou|selecionou|indicou)`],
  it: [String.raw`(?:hai|ha)\s+(?:risposto|scelto|selezionato|indicato|barrato)`],
  da: [String.raw`(?:du|de)\s+(?:svarede|svarer|har\s+svaret|valgte|har\s+valgt|krydsede\s+af\s+i)`],
  sv: [String.raw`(?:du|ni)\s+(?:svarade|svarar|har\s+svarat|valde|har\s+valt)`],
  no: [String.raw`(?:du|dere)\s+(?:svarte|svarer|har\s+svart|valgte|har\s+valgt)`],
  pl: [String.raw`(?:odpowiedzia[łl](?:e[śs]|a[śs])|odpowiedziano|zaznaczy[łl](?:e[śs]|a[śs])|wybra[łl](?:e[śs]|a[śs]))`],
};

/** The subject and auxiliary that come first where "answered" follows the answer ("als u … hebt geantwoord"). */
export const ANSWERED_SUBJECT: Row = {
  de: ["sie", "du"],
  nl: ["u", "je", "jij"],
};

/** "Answered" written after the answer it quotes ("… ja hebt geantwoord", "… mit ja beantwortet haben"). */
export const ANSWERED_AFTER: Row = {
  de: [String.raw`(?:beantwortet|geantwortet|angekreuzt|gew[äa]hlt|angegeben|ausgew[äa]hlt)\s+(?:haben|hast|habt)`],
  nl: [String.raw`(?:hebt|heeft|heb)\s+(?:geantwoord|aangekruist|gekozen|ingevuld)`, String.raw`(?:geantwoord|aangekruist|gekozen|ingevuld)\s+(?:hebt|heeft|heb)`],
};

/** The words between an answer and the question it was given to: "à la", "en la", "bei", "op", "til", "na". */
export const AT_QUESTION: Row & { en: string[] } = {
  en: ["to", "at", "in", "on", "for"],
  fr: [String.raw`(?:[àa]|en|pour)(?:\s+la)?`, "au"],
  es: [String.raw`(?:en|a)(?:\s+la)?`, "al"],
  de: [String.raw`(?:bei|in|auf)(?:\s+der)?`, "mit"],
  pt: ["na", "no", "à", "a", String.raw`em(?:\s+a)?`],
  it: ["alla", "al", "nella", "nel", "a", "in"],
  nl: ["op", "bij", "in"],
  da: ["til", "på", "i", "ved"],
  sv: ["på", "till", "i", "vid"],
  no: ["til", "på", "i", "ved"],
  pl: ["na", "w"],
  id: ["pada", "di"],
};

/**
 * The person a clause is about ("Si usted trabaja:", "Se você fuma:", "Wenn Sie rauchen:"): a short if-clause alone
 * on its line is a filter only when it speaks of the respondent (an if-word of one language is "about" in another:
 * "Om ons onderzoek:").
 */
export const CLAUSE_SUBJECT: Row & { en: string[] } = {
  en: ["you"],
  fr: ["vous", "tu"],
  es: ["usted", "ustedes", "tú", "tu"],
  de: ["sie", "du", "ihr"],
  pt: ["você", "voce", "vocês", "tu"],
  it: ["lei", "tu", "voi"],
  nl: ["u", "je", "jij"],
  da: ["du", "i"],
  sv: ["du", "ni"],
  no: ["du", "dere"],
  pl: ["pan", "pani", "ty"],
};

/** The sources above as one alternation each. */
export const SENTENCE_CUES = {
  ifWord: Object.values(IF_WORDS).flat().join("|"),
  // English "ASK X IF …" is read by the line classifier itself (lines.ts); the other languages are said that way.
  askWord: Object.values(ASK_WORDS).flat().join("|"),
  answeredBefore: Object.values(ANSWERED_BEFORE).flat().join("|"),
  answeredSubject: Object.values(ANSWERED_SUBJECT).flat().join("|"),
  answeredAfter: Object.values(ANSWERED_AFTER).flat().join("|"),
  atQuestion: Object.values(AT_QUESTION).flat().join("|"),
  coded: Object.values(CODED_WORDS).flat().join("|"),
  clauseSubject: Object.values(CLAUSE_SUBJECT).flat().join("|"),
};

/**
 * A survey tool's printed display condition (LimeSurvey's printable survey) in the tool's interface languages: the
 * lead line ("Answer this question only if the following conditions are fulfilled:"), the clause opener before
 * the answers ("Answer was"), the words between the answers and the question ("to question", "at"), and the word
 * joining alternative answers ("or"). English stays in printed-conditions.ts; these rows add the other languages.
 */
export const PRINTED_CONDITION: Record<"lead" | "answerWas" | "atQuestion" | "or", Row> = {
  lead: {
    es: [String.raw`s[óo]lo conteste (?:a )?esta pregunta si se cumplen las siguientes condiciones`, String.raw`conteste esta pregunta s[óo]lo si se cumplen las siguientes condiciones`],
    fr: [String.raw`ne r[ée]pondre [àa] cette question que si les conditions suivantes sont (?:remplies|r[ée]unies)`, String.raw`r[ée]pondez [àa] cette question uniquement si les conditions suivantes sont (?:remplies|r[ée]unies)`],
    de: [String.raw`beantworten sie diese frage nur,? wenn (?:die )?folgende(?:n)? bedingungen erf[üu]llt sind`],
    pt: [String.raw`(?:s[óo] )?responda (?:a )?esta pergunta (?:apenas |somente )?se as seguintes condi[çc][õo]es (?:forem|s[ãa]o) (?:cumpridas|satisfeitas)`],
    it: [String.raw`rispondi a questa domanda solo se (?:sono soddisfatte )?le seguenti condizioni(?: sono soddisfatte)?`],
    nl: [String.raw`beantwoord deze vraag alleen als aan de volgende voorwaarden (?:is|wordt) voldaan`],
  },
  answerWas: {
    es: [String.raw`la respuesta fue`], fr: [String.raw`la r[ée]ponse (?:[ée]tait|a [ée]t[ée])`], de: [String.raw`die antwort war`],
    pt: [String.raw`a resposta foi`], it: [String.raw`la risposta (?:era|[èe] stata)`], nl: [String.raw`het antwoord was`],
  },
  atQuestion: {
    es: [String.raw`en la pregunta`, String.raw`a la pregunta`], fr: [String.raw`(?:[àa] )?la question`], de: [String.raw`(?:bei|auf) (?:der )?frage`],
    pt: [String.raw`(?:na|[àa]) pergunta`], it: [String.raw`(?:alla|nella) domanda`], nl: [String.raw`(?:bij|op) vraag`],
  },
  or: { es: ["o", "u"], fr: ["ou"], de: ["oder"], pt: ["ou"], it: ["o"], nl: ["of"] },
};
/** The printed-condition rows as one alternation each, for use inside the printout reader's patterns. */
export const PRINTED_CONDITION_CUES = {
  lead: Object.values(PRINTED_CONDITION.lead).flat().join("|"),
  answerWas: Object.values(PRINTED_CONDITION.answerWas).flat().join("|"),
  atQuestion: Object.values(PRINTED_CONDITION.atQuestion).flat().join("|"),
  or: Object.values(PRINTED_CONDITION.or).flat().join("|"),
};

// ------------------------------------------------------------------------------------------ audience headings
/**
 * A heading that names the respondents its questions are for ("Questions for People Who Don't Drink Coffee",
 * "Pour les personnes qui ne fument pas", "Fragen für Personen, die …"): the words before the group's description.
 * Read by section-audience.ts; the description after them is bound like any group clause.
 */
export const AUDIENCE_LEAD: Row & { en: string[] } = {
  en: [String.raw`(?:questions?\s+|section\s+|part\s+)?(?:only\s+)?for\s+(?:people|those|persons|respondents|participants|anyone|everyone|users|individuals)\s+(?:who|that)`],
  fr: [String.raw`(?:questions?\s+)?(?:uniquement\s+|seulement\s+)?pour\s+(?:les\s+personnes|ceux|celles|les\s+r[ée]pondants|les\s+participants|tous\s+ceux)\s+qui`],
  es: [String.raw`(?:preguntas?\s+)?(?:s[óo]lo\s+)?para\s+(?:las\s+personas\s+que|quienes|los\s+que|las\s+que|aquellos\s+que|aquellas\s+que|los\s+encuestados\s+que)`],
  de: [String.raw`(?:fragen\s+)?(?:nur\s+)?f[üu]r\s+(?:personen|befragte|teilnehmende|diejenigen|alle),?\s+die`],
  pt: [String.raw`(?:perguntas?\s+|quest[õo]es\s+)?(?:s[óo]\s+|apenas\s+)?para\s+(?:as\s+pessoas\s+que|quem|aqueles\s+que|aquelas\s+que|os\s+que|as\s+que|os\s+respondentes\s+que)`],
  it: [String.raw`(?:domande\s+)?(?:solo\s+)?per\s+(?:le\s+persone\s+che|chi|coloro\s+che|quelli\s+che)`],
  nl: [String.raw`(?:vragen\s+)?(?:alleen\s+)?voor\s+(?:mensen|personen|respondenten|degenen)\s+die`],
};

/**
 * Words that negate a clause, compared after accents are removed (normalizeForMatch): a group "who do not drink
 * coffee" is the No of "Do you drink coffee?". Whole words only.
 */
export const NEGATION_WORDS: Row & { en: string[] } = {
  en: ["not", "no", "never", "dont", "doesnt", "didnt", "non", "without"],
  fr: ["ne", "pas", "jamais", "non", "sans"],
  es: ["no", "nunca", "sin"],
  de: ["nicht", "kein", "keine", "keinen", "keiner", "keinem", "nie", "niemals", "ohne"],
  pt: ["nao", "nunca", "sem"],
  it: ["non", "mai", "senza"],
  nl: ["niet", "geen", "nooit", "zonder"],
  da: ["ikke", "aldrig", "uden"],
  sv: ["inte", "aldrig", "utan"],
  no: ["ikke", "aldri", "uten"],
  pl: ["nie", "nigdy", "bez"],
};

/**
 * Words that say an amount is nil — never, none — compared after accents are removed (normalizeForMatch), whole words
 * only: "If you have never moved" under "How many times have you moved?" is a count of zero (nil-counts.ts).
 */
export const NIL_WORDS: Row & { en: string[] } = {
  en: ["never", "none", "zero"],
  fr: ["jamais", "aucun", "aucune"],
  es: ["nunca", "ningun", "ninguno", "ninguna"],
  de: ["nie", "niemals", "kein", "keine", "keinen", "keiner"],
  pt: ["nunca", "nenhum", "nenhuma"],
  it: ["mai", "nessun", "nessuno", "nessuna"],
  nl: ["nooit", "geen"],
  da: ["aldrig", "ingen"],
  sv: ["aldrig", "ingen", "inga"],
  no: ["aldri", "ingen"],
  pl: ["nigdy", "zaden", "zadna"],
};

/** Wording that asks for a count ("How many times …", "Combien de fois …"), compared after accents are removed. */
export const COUNT_WORDS: Row & { en: string[] } = {
  en: ["how many", "how often", "number of"],
  fr: ["combien", "nombre de"],
  es: ["cuantos", "cuantas", "cuantas veces", "numero de"],
  de: ["wie viele", "wie oft", "anzahl"],
  pt: ["quantos", "quantas", "numero de"],
  it: ["quanti", "quante", "numero di"],
  nl: ["hoeveel", "aantal"],
  da: ["hvor mange", "antal"],
  sv: ["hur manga", "antal"],
  no: ["hvor mange", "antall"],
  pl: ["ile", "liczba"],
};

/** The audience rows as one alternation, for section-audience.ts. */
export const AUDIENCE_CUES = {
  lead: Object.values(AUDIENCE_LEAD).flat().join("|"),
};

// ------------------------------------------------------------------------------------------ positional references
/**
 * A question named by its position rather than its id: "the previous question", "la question précédente", "la
 * pregunta anterior", "der vorherigen Frage". Read by positional-refs.ts, which names the question instead.
 */
export const PREVIOUS_QUESTION: Row & { en: string[] } = {
  en: [String.raw`(?:the\s+)?(?:previous|preceding|prior|last|above)\s+question`, String.raw`(?:the\s+)?question\s+(?:above|before\s+this(?:\s+one)?)`],
  fr: [String.raw`(?:la\s+)?question\s+(?:pr[ée]c[ée]dente|ci-dessus)`],
  es: [String.raw`(?:la\s+)?pregunta\s+(?:anterior|precedente)`],
  de: [String.raw`(?:der\s+|die\s+)?(?:vorherige[nr]?|vorige[nr]?|vorangehende[nr]?|obige[nr]?)\s+frage`],
  pt: [String.raw`(?:a\s+)?(?:pergunta|quest[ãa]o)\s+(?:anterior|precedente)`],
  it: [String.raw`(?:la\s+)?domanda\s+precedente`],
  nl: [String.raw`(?:de\s+)?(?:vorige|voorgaande)\s+vraag`],
};

/** "The previous answer" ("la réponse précédente", "la respuesta anterior"): the answer to the previous question. */
export const PREVIOUS_ANSWER: Row & { en: string[] } = {
  en: [String.raw`the\s+(?:previous|preceding|last)\s+answer`],
  fr: [String.raw`la\s+r[ée]ponse\s+pr[ée]c[ée]dente`],
  es: [String.raw`la\s+respuesta\s+(?:anterior|precedente)`],
  pt: [String.raw`a\s+resposta\s+(?:anterior|precedente)`],
  it: [String.raw`la\s+risposta\s+precedente`],
};

/** The positional rows as one alternation each, for positional-refs.ts. */
export const POSITIONAL_CUES = {
  previousQuestion: Object.values(PREVIOUS_QUESTION).flat().join("|"),
  previousAnswer: Object.values(PREVIOUS_ANSWER).flat().join("|"),
};

// ------------------------------------------------------------------------------------------ self-scoped filters
/**
 * "Fill in this question if …" / "Answer only if …": a note on a question that says who answers it, in the
 * languages questionnaires are written in. Read by self-filters.ts; the words after it are the group.
 */
export const SELF_FILTER_LEAD: Row & { en: string[] } = {
  en: [String.raw`(?:please\s+)?(?:fill\s+in|fill\s+out|answer|complete|respond\s+to)\s+(?:this\s+(?:question|item)\s+)?(?:only\s+)?if`],
  fr: [String.raw`(?:veuillez\s+)?(?:remplir|remplissez|r[ée]pondre|r[ée]pondez|compl[ée]tez)\s+(?:[àa]\s+)?(?:cette\s+question\s+)?(?:uniquement\s+|seulement\s+)?si`],
  es: [String.raw`(?:responda|conteste|complete|rellene)\s+(?:(?:a\s+)?esta\s+pregunta\s+)?(?:s[óo]lo\s+|solamente\s+|[úu]nicamente\s+)?si`],
  de: [String.raw`(?:bitte\s+)?(?:beantworten|ausf[üu]llen)(?:\s+sie)?(?:\s+diese\s+frage)?(?:\s+nur)?,?\s+(?:wenn|falls)`],
  pt: [String.raw`(?:responda|preencha)\s+(?:(?:a\s+)?esta\s+(?:pergunta|quest[ãa]o)\s+)?(?:s[óo]\s+|apenas\s+|somente\s+)?se`],
  it: [String.raw`(?:rispondi|risponda|compila|compilare)\s+(?:(?:a\s+)?questa\s+domanda\s+)?(?:solo\s+)?se`],
};

/** The self-filter rows as one alternation, for self-filters.ts. */
export const SELF_FILTER_CUES = { lead: Object.values(SELF_FILTER_LEAD).flat().join("|") };

// ------------------------------------------------------------------------------------------ population headings
/**
 * Nouns that name a population: a heading made of one ("Desocupados", "Employed persons", "Erwerbstätige") is a
 * universe governing the questions after it, not a topic. Read by population-lines.ts.
 */
export const POPULATION_NOUN: Row & { en: string[] } = {
  en: [String.raw`(?:un)?employed(?:\s+persons)?`, String.raw`(?:economically\s+)?inactive(?:\s+persons)?`, "persons", "people", "workers", "women", "men", "adults", "students", "respondents"],
  es: [String.raw`ocupad[oa]s`, String.raw`desocupad[oa]s`, String.raw`inactiv[oa]s`, "personas", String.raw`trabajador(?:es|as)`, "mujeres", "hombres", String.raw`j[óo]venes`, "estudiantes", String.raw`encuestad[oa]s`, "cesantes"],
  fr: [String.raw`actifs(?:\s+occup[ée]s)?`, String.raw`ch[ôo]meurs`, "inactifs", "personnes", "femmes", "hommes", String.raw`r[ée]pondants`],
  de: [String.raw`erwerbst[äa]tige`, "arbeitslose", "nichterwerbspersonen", "personen", "befragte", "frauen", String.raw`m[äa]nner`, "studierende"],
  pt: [String.raw`ocupad[oa]s`, String.raw`desocupad[oa]s`, String.raw`inativ[oa]s`, "pessoas"],
};

export const POPULATION_CUES = {
  noun: Object.values(POPULATION_NOUN).flat().join("|"),
};
