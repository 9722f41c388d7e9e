/// The book the simulator reads when given none: the opening of Lewis Carroll's
/// "Alice's Adventures in Wonderland" (1865, public domain).
enum SampleBook {
  static let title = "Alice's Adventures in Wonderland (opening)"
  static let text = """
    Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing to do: \
    once or twice she had peeped into the book her sister was reading, but it had no pictures or \
    conversations in it, \u{201C}and what is the use of a book,\u{201D} thought Alice \u{201C}without pictures \
    or conversations?\u{201D}

    So she was considering in her own mind (as well as she could, for the hot day made her feel very sleepy \
    and stupid), whether the pleasure of making a daisy-chain would be worth the trouble of getting up and \
    picking the daisies, when suddenly a White Rabbit with pink eyes ran close by her.

    There was nothing so very remarkable in that; nor did Alice think it so very much out of the way to hear \
    the Rabbit say to itself, \u{201C}Oh dear! Oh dear! I shall be late!\u{201D} (when she thought it over \
    afterwards, it occurred to her that she ought to have wondered at this, but at the time it all seemed \
    quite natural); but when the Rabbit actually took a watch out of its waistcoat-pocket, and looked at it, \
    and then hurried on, Alice started to her feet, for it flashed across her mind that she had never before \
    seen a rabbit with either a waistcoat-pocket, or a watch to take out of it, and burning with curiosity, \
    she ran across the field after it, and fortunately was just in time to see it pop down a large \
    rabbit-hole under the hedge.

    In another moment down went Alice after it, never once considering how in the world she was to get out \
    again.
    """
}
