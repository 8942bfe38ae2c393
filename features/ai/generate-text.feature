Feature: Generate text
  The editor asks a configured provider for text and gets it back part by
  part. The gateway picks the model, keeps the conversation for providers
  that keep none, retries transient failures only while nothing has reached
  the client, and gives up when the time is up.

  Background:
    Given a provider "writer" with the default model "writer-large"

  Scenario: Text arrives in parts and the usage is recorded
    Given "writer" answers "Once| upon| a time"
    When the user asks "writer" for "Tell me a story"
    Then the text parts are "Once| upon| a time"
    And the generation finishes with the model "writer-large"
    And usage is recorded for "writer" as "completed" with 3 output tokens

  Scenario: The model named in the request wins over the default
    When the user asks "writer" for "Hi" with the model "writer-small"
    Then "writer" was asked for the model "writer-small"

  Scenario: Instructions and the editor selection become the system prompt
    When the user asks "writer" for "Shorten it" about the selection "<p>A very long paragraph</p>" with the instructions "Be brief."
    Then the system prompt for "writer" contains "Be brief."
    And the system prompt for "writer" contains "<p>A very long paragraph</p>"

  Scenario: An unknown provider is refused before anything is sent
    When the user asks "nobody" for "Hi"
    Then the request fails with "AI.PROVIDER_UNKNOWN"

  Scenario: Transient failures are retried with growing waits before the first part
    Given "writer" fails with status 503 twice, then answers "Finally"
    When the user asks "writer" for "Hi"
    Then the text parts are "Finally"
    And "writer" was called 3 times
    And the gateway waited 2 times, each longer than the one before

  Scenario: The provider's Retry-After is honoured
    Given "writer" fails with status 429 asking to retry after 2 seconds, then answers "Done"
    When the user asks "writer" for "Hi"
    Then the text parts are "Done"
    And the gateway waited at least 2000 ms

  Scenario: A client error is not retried
    Given "writer" fails with status 400 twice, then answers "never"
    When the user asks "writer" for "Hi"
    Then the request fails with "AI.PROVIDER_FAILED"
    And "writer" was called 1 time

  Scenario: A failure after text was streamed is reported, not retried
    Given "writer" streams "Half a" and then fails
    When the user asks "writer" for "Hi"
    Then the text parts are "Half a"
    And the request fails with "AI.PROVIDER_FAILED"
    And "writer" was called 1 time
    And usage is recorded for "writer" as "failed"

  Scenario: A provider that takes too long is stopped
    Given requests time out after 50 ms
    And "writer" stalls after "Thinking"
    When the user asks "writer" for "Hi"
    Then the request fails with "AI.TIMEOUT"
    And the call to "writer" was aborted

  Scenario: An incremental conversation continues from the stored history
    Given "writer" answers "I am Writer."
    When the user asks "writer" for "Who are you?"
    And the user continues that conversation with "Really?"
    Then "writer" received the history "user: Who are you? | assistant: I am Writer. | user: Really?"

  Scenario: A provider that keeps its own history is asked to continue its response
    Given a provider "keeper" that keeps its own history
    When the user asks "keeper" for "Who are you?"
    And the user continues that conversation with "Really?"
    Then "keeper" was asked to continue its last response
    And "keeper" received the history "user: Really?"

  Scenario: An unknown conversation is refused
    When the user continues the conversation "resp_forgotten" on "writer" with "Really?"
    Then the request fails with "INPUT.INVALID"

  Scenario: The client's own provider key is used only where the provider allows it
    Given a provider "strict" that refuses client keys
    When the user asks "writer" for "Hi" with the provider key "sk-own"
    And the user asks "strict" for "Hi" with the provider key "sk-own"
    Then "writer" was called with the key "sk-own"
    And "strict" was called with the configured key
